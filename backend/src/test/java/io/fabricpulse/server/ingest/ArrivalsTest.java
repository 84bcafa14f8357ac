package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArrivalsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final AgentCredential AGENT = AgentCredential.shared(0);

    @Test
    void theDoorClosesAtTheLimitAndOpensWhenOneIsInClosingTwiceCountsOnce() {
        Arrivals arrivals = new Arrivals(2);
        Arrivals.Arrival first = arrivals.arrive();
        assertThat(arrivals.busy()).isEmpty();
        Arrivals.Arrival second = arrivals.arrive();
        assertThat(arrivals.busy()).hasValueSatisfying(refusal ->
                assertThat(refusal.retryAfter()).isEqualTo(Duration.ofSeconds(1)));
        second.close();
        second.close();
        assertThat(arrivals.busy()).isEmpty();
        Arrivals.Arrival third = arrivals.arrive();
        assertThat(arrivals.busy()).as("first and third").isPresent();
        first.close();
        third.close();
        assertThatThrownBy(() -> new Arrivals(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPushStopsCountingWhenHandedOffAndWhenRefusedInvalidOrNotTheAgents() {
        CompletableFuture<BatchSink.Outcome> neverStored = new CompletableFuture<>();
        List<BatchAdmission> admissions = List.of((batch, credential) -> CompletableFuture.completedFuture(null),
                (batch, credential) -> CompletableFuture.failedFuture(new AgentRefusedException("nodes[0].guid", "not its node")));
        for (BatchAdmission admission : admissions) {
            IngestService service = new IngestService(new BatchValidator(Clock.fixed(NOW, ZoneOffset.UTC),
                    Duration.ofMinutes(5), Duration.ofDays(7), 50_000), admission, new SeenBatches(16), batch -> neverStored,
                    Clock.fixed(NOW, ZoneOffset.UTC), Duration.ZERO, new Arrivals(1));
            IngestBatch batch = oneHostPort("h1", 1, NOW, "0x0002c903003178f0", Map.of("SymbolErrorCounter", 1L));

            CompletableFuture<IngestAck> answer = service.ingest(batch, AGENT, service.arrive());

            assertThat(answer).as("stored later, or refused").satisfiesAnyOf(
                    pending -> assertThat(pending).isNotDone(), refused -> assertThat(refused).isCompletedExceptionally());
            assertThat(service.busy()).as("handed off or refused: no longer on its way in").isEmpty();
            IngestBatch invalid = oneHostPort("h1", 2, NOW, "not a guid", Map.of());
            assertThatThrownBy(() -> service.ingest(invalid, AGENT, service.arrive())).isInstanceOf(InvalidBatchException.class);
            assertThat(service.busy()).as("an invalid batch is not on its way in either").isEmpty();
        }
    }
}
