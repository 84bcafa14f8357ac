package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.ingest.BatchSink.Outcome;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.pipeline.PipelineFixture.T0;
import static io.fabricpulse.server.pipeline.PipelineFixture.batch;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Restarts and replicas: a server instance with empty memory over the stores another instance wrote
 * computes the same rates as the instance that never went away. Run against every state database.
 */
interface ResumeContract {

    StateDatabase state();

    Path seriesDirectory();

    private PipelineFixture fixture() {
        try {
            return new PipelineFixture(Files.createTempDirectory(seriesDirectory(), "series"), state());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    default void aRestartedServerResumesFromTheStoredSampleNeitherBlindNorWithASpike() {
        PipelineFixture fixture = fixture();
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        fixture.server().ingestUpTo(agent, guid, 2);

        PipelineFixture.Server after = fixture.server();
        assertThat(after.ingest(batch(agent, guid, 3))).isEqualTo(Outcome.APPLIED);

        PortView port = after.port(guid);
        assertThat(port.rates()).containsEntry("PortXmitData", 100.0).containsEntry("SymbolErrorCounter", 0.3);
        assertThat(fixture.series.writtenFor(guid)).extracting(PortRateSample::at)
                .containsExactly(T0.plusSeconds(20), T0.plusSeconds(30));
    }

    @Test
    default void aThrottledServerStillStoresTheSampleOfACounterResetSoARestartResumesFromIt() {
        PipelineFixture fixture = fixture();
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        PipelineFixture.Server before = fixture.server(Duration.ofMinutes(1));
        before.ingestUpTo(agent, guid, 3);
        // Counters cleared at 40 s: no rate, an event, so its row is written although the last is 30 s old.
        before.ingest(oneHostPort(agent, 4, T0.plusSeconds(40), guid, Map.of("PortXmitData", 500L, "SymbolErrorCounter", 0L)));

        PipelineFixture.Server after = fixture.server();
        after.ingest(oneHostPort(agent, 5, T0.plusSeconds(50), guid, Map.of("PortXmitData", 1_500L, "SymbolErrorCounter", 2L)));
        assertThat(after.port(guid).rates()).as("from the cleared counters at 40 s, not the first sight at 10 s")
                .containsEntry("PortXmitData", 100.0).containsEntry("SymbolErrorCounter", 0.2);
    }

    @Test
    default void replaysOfStoredBatchesAfterARestartAreRecognisedAndWriteNothing() {
        PipelineFixture fixture = fixture();
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        fixture.server().ingestUpTo(agent, guid, 3);

        PipelineFixture.Server after = fixture.server();
        assertThat(after.ingest(batch(agent, guid, 2))).isEqualTo(Outcome.ALREADY_APPLIED);
        assertThat(after.ingest(batch(agent, guid, 3))).isEqualTo(Outcome.ALREADY_APPLIED);
        assertThat(after.ingest(batch(agent, guid, 4))).isEqualTo(Outcome.APPLIED);

        assertThat(fixture.series.writtenFor(guid)).extracting(PortRateSample::at)
                .containsExactly(T0.plusSeconds(20), T0.plusSeconds(30), T0.plusSeconds(40));
        assertThat(after.port(guid).rates()).containsEntry("PortXmitData", 100.0);
    }

    @Test
    default void batchesSpooledWhileTheServerWasDownAreEachStoredOnceWithTheirTrueRates() {
        PipelineFixture fixture = fixture();
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        fixture.server().ingestUpTo(agent, guid, 2);

        PipelineFixture.Server after = fixture.server();
        for (long sequence = 3; sequence <= 6; sequence++) {
            after.pipeline.accept(batch(agent, guid, sequence));
        }
        after.flushAll();

        List<PortRateSample> points = fixture.series.writtenFor(guid);
        assertThat(points).extracting(PortRateSample::at).containsExactly(
                T0.plusSeconds(20), T0.plusSeconds(30), T0.plusSeconds(40), T0.plusSeconds(50), T0.plusSeconds(60));
        assertThat(points).allSatisfy(point -> assertThat(point.rates().values()).allSatisfy(
                rate -> assertThat(rate).as("no spike").isLessThanOrEqualTo(400.0)));
    }

    @Test
    default void twoReplicasTakingAlternateBatchesOfOneAgentComputeWhatOneServerComputes() {
        PipelineFixture fixture = fixture();
        String agent = TestBatches.randomAgentId();
        String alone = TestBatches.randomGuid();
        String shared = TestBatches.randomGuid();
        PipelineFixture.Server single = fixture.server();
        PipelineFixture.Server replicaA = fixture.server();
        PipelineFixture.Server replicaB = fixture.server();

        for (long sequence = 1; sequence <= 8; sequence++) {
            single.ingest(batch("single-" + agent, alone, sequence));
            (sequence % 2 == 1 ? replicaA : replicaB).ingest(batch(agent, shared, sequence));
        }

        List<PortRateSample> reference = fixture.series.writtenFor(alone);
        List<PortRateSample> replicated = fixture.series.writtenFor(shared);
        assertThat(replicated).hasSize(7);
        assertThat(replicated).extracting(PortRateSample::at).isEqualTo(reference.stream().map(PortRateSample::at).toList());
        assertThat(replicated).extracting(PortRateSample::rates)
                .isEqualTo(reference.stream().map(PortRateSample::rates).toList());
    }

    @Test
    default void wholeReplicasEachApplyEveryBatchAndOnlyTheFirstToStoreABatchJudgesIt() {
        PipelineFixture fixture = fixture();
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();
        PipelineFixture.Server replicaA = fixture.replica("a-" + agent);
        PipelineFixture.Server replicaB = fixture.replica("b-" + agent);

        for (long sequence = 1; sequence <= 4; sequence++) {
            // A is first with the odd batches, B with the even ones; each receives every batch.
            PipelineFixture.Server first = sequence % 2 == 1 ? replicaA : replicaB;
            PipelineFixture.Server second = first == replicaA ? replicaB : replicaA;
            assertThat(first.ingest(batch(agent, guid, sequence))).isEqualTo(Outcome.APPLIED);
            assertThat(second.ingest(batch(agent, guid, sequence))).as("the second copy is applied, not a replay")
                    .isEqualTo(Outcome.APPLIED);
            assertThat(first.ingest(batch(agent, guid, sequence))).as("a replay to the same replica")
                    .isEqualTo(Outcome.ALREADY_APPLIED);
        }

        assertThat(replicaA.port(guid).rates()).isEqualTo(replicaB.port(guid).rates())
                .containsEntry("PortXmitData", 100.0).containsEntry("SymbolErrorCounter", 0.4);
        assertThat(replicaA.updates).extracting(update -> update.judgedElsewhere()).containsExactly(false, true, false, true);
        assertThat(replicaB.updates).extracting(update -> update.judgedElsewhere()).containsExactly(true, false, true, false);
        assertThat(fixture.series.writtenFor(guid)).as("each replica writes its own copy of every point").hasSize(6);
    }

    @Test
    default void aWholeReplicaRestartedResumesFromItsOwnBaselineAndTakesItsBacklogInOrder() {
        PipelineFixture fixture = fixture();
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();
        PipelineFixture.Server live = fixture.replica("live-" + agent);
        PipelineFixture.Server downed = fixture.replica("downed-" + agent);
        for (long sequence = 1; sequence <= 2; sequence++) {
            live.ingest(batch(agent, guid, sequence));
            downed.ingest(batch(agent, guid, sequence));
        }
        // The downed replica is away for batches 3 to 6; the live one takes them.
        for (long sequence = 3; sequence <= 6; sequence++) {
            live.ingest(batch(agent, guid, sequence));
        }

        PipelineFixture.Server back = fixture.replica("downed-" + agent);
        for (long sequence = 3; sequence <= 6; sequence++) {
            assertThat(back.ingest(batch(agent, guid, sequence))).as("backlog batch " + sequence)
                    .isEqualTo(Outcome.APPLIED);
        }
        assertThat(back.port(guid).rates()).isEqualTo(live.port(guid).rates());
        assertThat(back.updates).as("the backlog was judged by the live replica")
                .allSatisfy(update -> assertThat(update.judgedElsewhere()).isTrue());
        assertThat(back.updates.getFirst().ports().getFirst().rates()).as("batch 3: from its own baseline at 20 s")
                .containsEntry("PortXmitData", 100.0).containsEntry("SymbolErrorCounter", 0.3);
    }

    @Test
    default void aCounterLatchedBeforeARestartStaysSaturatedSinceItsFirstSighting() {
        PipelineFixture fixture = fixture();
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        long max = PortCounter.SymbolErrorCounter.max(true);
        PipelineFixture.Server before = fixture.server();
        before.ingest(oneHostPort(agent, 1, T0, guid, Map.of("SymbolErrorCounter", max)));
        before.ingest(oneHostPort(agent, 2, T0.plusSeconds(10), guid, Map.of("SymbolErrorCounter", max)));

        PipelineFixture.Server after = fixture.server();
        after.ingest(oneHostPort(agent, 3, T0.plusSeconds(20), guid, Map.of("SymbolErrorCounter", max)));

        assertThat(after.port(guid).saturated()).containsEntry("SymbolErrorCounter", T0);
        assertThat(after.port(guid).rates()).doesNotContainKey("SymbolErrorCounter");
    }
}
