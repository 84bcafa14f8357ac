package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.fabric.LiveFabric;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.activePort;
import static io.fabricpulse.server.testing.TestBatches.batch;
import static io.fabricpulse.server.testing.TestBatches.hca;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IngestServiceTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";

    private final LiveFabric fabric = liveFabric().build();
    private final List<IngestBatch> sunk = new ArrayList<>();
    private final IngestService service = new IngestService(
            validator(), ANYONE, new SeenBatches(4),
            batch -> {
                sunk.add(batch);
                fabric.apply(batch);
                return CompletableFuture.completedFuture(BatchSink.Outcome.APPLIED);
            }, Clock.fixed(NOW, ZoneOffset.UTC));

    private static final AgentCredential AGENT = AgentCredential.IN_PROCESS;

    /** Admission is the agents feature's (AgentTrustIT); here every batch may come in. */
    private static final BatchAdmission ANYONE = (batch, credential) -> CompletableFuture.completedFuture(null);

    private static BatchValidator validator() {
        return new BatchValidator(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofMinutes(5), Duration.ofDays(7), 50_000);
    }

    /**
     * Whole replicas get the same batch at slightly different moments, and their clocks may differ by a second
     * or two: a batch a little ahead keeps the agent's time (every replica has the same sample time); one
     * further ahead than the tolerance is timed at its arrival, so it cannot hide the real samples after it.
     */
    @Test
    void aBatchALittleAheadKeepsItsTimeAndOneFurtherAheadIsTimedAtItsArrival() {
        IngestService tolerant = new IngestService(validator(), ANYONE, new SeenBatches(4), batch -> {
            sunk.add(batch);
            return CompletableFuture.completedFuture(BatchSink.Outcome.APPLIED);
        }, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(5));

        tolerant.ingest(oneHostPort("h1", 1, NOW.plusSeconds(2), GUID, Map.of("SymbolErrorCounter", 1L)), AGENT).join();
        tolerant.ingest(oneHostPort("h1", 2, NOW.plusSeconds(30), GUID, Map.of("SymbolErrorCounter", 1L)), AGENT).join();

        assertThat(sunk).extracting(IngestBatch::collectedAt).containsExactly(NOW.plusSeconds(2), NOW);
    }

    @Test
    void aValidBatchIsAppliedAndAcknowledged() {
        IngestAck ack = service.ingest(oneHostPort("h1", 1, NOW, GUID, Map.of("SymbolErrorCounter", 1L)), AGENT).join();

        assertThat(ack).isEqualTo(new IngestAck(IngestAck.Status.ACCEPTED, "h1", 1, 1));
        assertThat(fabric.ports()).hasSize(1);
    }

    @Test
    void aBatchWithOneBadPortChangesNothing() {
        IngestBatch mixed = batch("h1", 1, NOW,
                hca(GUID, "good", activePort(1, Map.of("SymbolErrorCounter", 1L))),
                hca("0x0002c903003178f1", "bad", activePort(1, Map.of("SymbolErrorCounter", 70_000L))));

        assertThatThrownBy(() -> service.ingest(mixed, AGENT)).isInstanceOf(InvalidBatchException.class);
        assertThat(sunk).isEmpty();
        assertThat(fabric.ports()).isEmpty();
        assertThat(fabric.nodes()).isEmpty();
    }

    @Test
    void aReplayIsAcknowledgedAsDuplicateAndNotAppliedTwice() {
        IngestBatch batch = oneHostPort("h1", 1, NOW, GUID, Map.of("SymbolErrorCounter", 1L));
        service.ingest(batch, AGENT);

        IngestAck again = service.ingest(batch, AGENT).join();

        assertThat(again.status()).isEqualTo(IngestAck.Status.DUPLICATE);
        assertThat(sunk).hasSize(1);
    }

    @Test
    void theSameSequenceFromAnotherAgentIsNotADuplicate() {
        service.ingest(oneHostPort("h1", 1, NOW, GUID, Map.of()), AGENT);

        IngestAck other = service.ingest(oneHostPort("h2", 1, NOW, "0x0002c903003178f1", Map.of()), AGENT).join();

        assertThat(other.status()).isEqualTo(IngestAck.Status.ACCEPTED);
    }

    @Test
    void aBatchTheSinkCouldNotTakeIsAppliedWhenRetried() {
        boolean[] fail = {true};
        IngestService flaky = new IngestService(
                validator(), ANYONE, new SeenBatches(4),
                batch -> {
                    if (fail[0]) {
                        throw new IllegalStateException("store unavailable");
                    }
                    sunk.add(batch);
                    return CompletableFuture.completedFuture(BatchSink.Outcome.APPLIED);
                }, Clock.fixed(NOW, ZoneOffset.UTC));
        IngestBatch batch = oneHostPort("h1", 1, NOW, GUID, Map.of());

        assertThat(flaky.ingest(batch, AGENT)).failsWithin(Duration.ZERO)
                .withThrowableThat().havingCause().withMessage("store unavailable");
        fail[0] = false;

        assertThat(flaky.ingest(batch, AGENT).join().status()).isEqualTo(IngestAck.Status.ACCEPTED);
        assertThat(sunk).hasSize(1);
    }

    @Test
    void aReplayWhileTheOriginalIsInFlightGetsTheOriginalsOutcome() {
        List<CompletableFuture<BatchSink.Outcome>> answers = new ArrayList<>();
        IngestService slow = new IngestService(
                validator(), ANYONE, new SeenBatches(4),
                batch -> {
                    CompletableFuture<BatchSink.Outcome> answer = new CompletableFuture<>();
                    answers.add(answer);
                    return answer;
                }, Clock.fixed(NOW, ZoneOffset.UTC));
        IngestBatch batch = oneHostPort("h1", 1, NOW, GUID, Map.of());
        CompletableFuture<IngestAck> original = slow.ingest(batch, AGENT);

        CompletableFuture<IngestAck> replay = slow.ingest(batch, AGENT);

        assertThat(replay).as("no answer before the original's").isNotDone();
        answers.getFirst().completeExceptionally(new IngestUnavailableException("store down", Duration.ofSeconds(5)));
        assertThat(original).isCompletedExceptionally();
        assertThat(replay).as("a replay of a batch that was not stored is not a duplicate").isCompletedExceptionally();
        assertThat(answers).as("the replay was not handed to the sink a second time").hasSize(1);

        CompletableFuture<IngestAck> retried = slow.ingest(batch, AGENT);
        answers.get(1).complete(BatchSink.Outcome.APPLIED);
        assertThat(retried.join().status()).isEqualTo(IngestAck.Status.ACCEPTED);
    }

    @Test
    void aBatchTheSinkKnowsAsStoredIsADuplicate() {
        IngestService known = new IngestService(
                validator(), ANYONE, new SeenBatches(4),
                batch -> CompletableFuture.completedFuture(BatchSink.Outcome.ALREADY_APPLIED), Clock.fixed(NOW, ZoneOffset.UTC));

        IngestAck ack = known.ingest(oneHostPort("h1", 1, NOW, GUID, Map.of()), AGENT).join();

        assertThat(ack.status()).isEqualTo(IngestAck.Status.DUPLICATE);
    }
}
