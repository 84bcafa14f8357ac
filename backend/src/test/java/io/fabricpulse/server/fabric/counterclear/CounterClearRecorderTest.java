package io.fabricpulse.server.fabric.counterclear;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.CounterReset;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.state.StateDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;

/** The hand-off from the ingest path to the counter_clear table, on a real (H2) state store. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CounterClearRecorderTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";

    private final StateDatabase state = StateDatabase.h2();
    private final CounterClearRepository clears = new CounterClearRepository(state.client());
    private MeterRegistry meters;

    @AfterAll
    void close() {
        state.close();
    }

    @BeforeEach
    void empty() {
        state.emptyAllTables();
        meters = new SimpleMeterRegistry();
    }

    private CounterClearRecorder recorder(int capacity) {
        return new CounterClearRecorder(clears, capacity, meters, new MutableClock(T0));
    }

    private static CounterReset reset(int port) {
        return new CounterReset(GUID, port, List.of(PortCounter.SymbolErrorCounter), T0, T0.plusSeconds(10), "host-1");
    }

    private double count(String outcome) {
        return meters.get("fabricpulse.state.counter.clears").tag("outcome", outcome).counter().count();
    }

    @Test
    void queuedResetsAreWrittenTogether() {
        CounterClearRecorder recorder = recorder(10);
        for (int port = 1; port <= 3; port++) {
            recorder.onReset(reset(port));
        }

        assertThat(recorder.writeQueued()).isEqualTo(3);

        assertThat(clears.forPort(GUID, 2, 10).collectList().block()).singleElement().satisfies(row -> {
            assertThat(row.counters()).containsExactly(PortCounter.SymbolErrorCounter);
            assertThat(row.previousSampleAt()).isEqualTo(T0);
            assertThat(row.clearedAt()).isEqualTo(T0.plusSeconds(10));
            assertThat(row.source()).isEqualTo(CounterClearSource.DETECTED);
            assertThat(row.actor()).isEqualTo("agent:host-1");
        });
        assertThat(count("recorded")).isEqualTo(3);
    }

    @Test
    void aFullQueueDropsAndCountsInsteadOfBlocking() {
        CounterClearRecorder recorder = recorder(2);

        for (int port = 1; port <= 5; port++) {
            recorder.onReset(reset(port));
        }

        assertThat(count("dropped")).isEqualTo(3);
        assertThat(meters.get("fabricpulse.state.counter.clears.queued").gauges())
                .anySatisfy(gauge -> assertThat(gauge.value()).isEqualTo(2));
        assertThat(recorder.writeQueued()).isEqualTo(2);
        assertThat(state.count("counter_clear")).isEqualTo(2);
    }

    @Test
    void whatIsQueuedWhenTheServerStopsIsStillWritten() {
        CounterClearRecorder recorder = recorder(100);
        for (int port = 1; port <= 50; port++) {
            recorder.onReset(reset(port));
        }

        recorder.start();
        assertThat(recorder.isRunning()).isTrue();
        recorder.stop();

        assertThat(recorder.isRunning()).isFalse();
        assertThat(state.count("counter_clear")).isEqualTo(50);
    }

    @Test
    void aStoreThatRefusesIsCountedAndTheRecorderCarriesOn() {
        StateDatabase gone = StateDatabase.h2();
        CounterClearRecorder recorder = new CounterClearRecorder(new CounterClearRepository(gone.client()), 10, meters,
                new MutableClock(T0));
        gone.close();
        recorder.onReset(reset(1));

        assertThat(recorder.writeQueued()).isZero();

        assertThat(count("failed")).isEqualTo(1);
        recorder.onReset(reset(2));
        assertThat(recorder.writeQueued()).as("still taking resets").isZero();
    }

    @Test
    void aClearSeenByTheLiveFabricEndsUpInTheHistory() {
        CounterClearRecorder recorder = recorder(10);
        LiveFabric fabric = liveFabric().resetListeners(recorder).build();
        fabric.apply(oneHostPort("host-7", 1, T0, GUID, Map.of("SymbolErrorCounter", 40L, "PortXmitData", 9_000L,
                "LinkDownedCounter", 2L)));
        fabric.apply(oneHostPort("host-7", 2, T0.plusSeconds(10), GUID, Map.of("SymbolErrorCounter", 0L,
                "PortXmitData", 12L, "LinkDownedCounter", 2L)));

        recorder.writeQueued();

        assertThat(clears.forPort(GUID, 1, 10).collectList().block()).singleElement().satisfies(row -> {
            assertThat(row.counters()).containsExactly(PortCounter.SymbolErrorCounter, PortCounter.PortXmitData);
            assertThat(row.previousSampleAt()).isEqualTo(T0);
            assertThat(row.clearedAt()).isEqualTo(T0.plusSeconds(10));
            assertThat(row.actor()).isEqualTo("agent:host-7");
        });
    }

    /** Whole replicas: the replica that stored the batch first recorded its clear; the other records it not again. */
    @Test
    void aClearInABatchAnotherReplicaStoredFirstIsRecordedThereOnly() {
        CounterClearRecorder recorder = recorder(10);
        LiveFabric fabric = liveFabric().resetListeners(recorder).build();
        fabric.apply(oneHostPort("host-8", 1, T0, GUID, Map.of("SymbolErrorCounter", 40L)), StoredBaselines.NONE, true);
        FabricUpdate cleared = fabric.apply(oneHostPort("host-8", 2, T0.plusSeconds(10), GUID,
                Map.of("SymbolErrorCounter", 0L)), StoredBaselines.NONE, true);

        assertThat(cleared.ports()).as("applied all the same").singleElement()
                .satisfies(port -> assertThat(port.sampledAt()).isEqualTo(T0.plusSeconds(10)));
        assertThat(recorder.writeQueued()).isZero();
        assertThat(clears.forPort(GUID, 1, 10).collectList().block()).isEmpty();

        fabric.apply(oneHostPort("host-8", 3, T0.plusSeconds(20), GUID, Map.of("SymbolErrorCounter", 5L)));
        fabric.apply(oneHostPort("host-8", 4, T0.plusSeconds(30), GUID, Map.of("SymbolErrorCounter", 0L)));
        recorder.writeQueued();
        assertThat(clears.forPort(GUID, 1, 10).collectList().block()).as("a clear in a batch this replica stored first")
                .singleElement().satisfies(row -> assertThat(row.clearedAt()).isEqualTo(T0.plusSeconds(30)));
    }
}
