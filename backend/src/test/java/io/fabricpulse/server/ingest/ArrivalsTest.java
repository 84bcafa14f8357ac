package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.WireFormat;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArrivalsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final AgentCredential AGENT = AgentCredential.shared(0);

    @Test
    void theDoorClosesAtTheLimitAndOpensWhenOneIsInClosingTwiceCountsOnce() {
        Arrivals arrivals = new Arrivals(2);
        Arrivals.Arrival first = arrivals.arrive(100, WireFormat.JSON);
        assertThat(arrivals.busy()).isEmpty();
        Arrivals.Arrival second = arrivals.arrive(100, WireFormat.JSON);
        assertThat(arrivals.busy()).hasValueSatisfying(refusal ->
                assertThat(refusal.retryAfter()).isEqualTo(Duration.ofSeconds(1)));
        second.close();
        second.close();
        assertThat(arrivals.busy()).isEmpty();
        Arrivals.Arrival third = arrivals.arrive(100, WireFormat.JSON);
        assertThat(arrivals.busy()).as("first and third").isPresent();
        first.close();
        third.close();
        assertThatThrownBy(() -> new Arrivals(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPushOnItsWayCountsItsBodyAtTheRecentBytesOfAPortSampleOfItsFormatAndItsOwnPortsOnceParsed() {
        AtomicLong now = new AtomicLong();
        Arrivals arrivals = new Arrivals(8, now::get);
        Arrivals.Arrival first = arrivals.arrive(6_000, WireFormat.SMILE);
        assertThat(arrivals.portsOnTheirWay()).as("nothing known of Smile yet").isZero();
        now.addAndGet(Duration.ofMillis(20).toNanos());
        first.parsed(30);
        assertThat(arrivals.portsOnTheirWay()).isEqualTo(30);
        assertThat(arrivals.lead()).isEqualTo(Duration.ofMillis(20));

        Arrivals.Arrival smile = arrivals.arrive(12_000, WireFormat.SMILE);
        Arrivals.Arrival json = arrivals.arrive(12_000, WireFormat.JSON);
        assertThat(arrivals.portsOnTheirWay()).as("30 parsed, 60 at 200 B each, JSON not known").isEqualTo(90);
        first.close();
        first.close();
        smile.close();
        smile.parsed(60);
        assertThat(arrivals.portsOnTheirWay()).as("closed, then parsed: nothing counts").isZero();
        now.addAndGet(Duration.ofMillis(100).toNanos());
        json.parsed(10);
        assertThat(arrivals.portsOnTheirWay()).isEqualTo(10);
        assertThat(arrivals.lead()).as("20 ms and an eighth of 100 less 20").isEqualTo(Duration.ofMillis(30));
        json.close();

        try (Arrivals.Arrival inProcess = arrivals.arriveInProcess();
             Arrivals.Arrival jsonAgain = arrivals.arrive(2_400, WireFormat.JSON)) {
            assertThat(arrivals.portsOnTheirWay()).as("2 at JSON's 1,200 B").isEqualTo(2);
            now.addAndGet(Duration.ofSeconds(10).toNanos());
            inProcess.parsed(4);
            assertThat(arrivals.portsOnTheirWay()).as("and 4 handed in from within the server").isEqualTo(6);
            assertThat(arrivals.lead()).as("nothing learned from those").isEqualTo(Duration.ofMillis(30));
        }
        assertThat(arrivals.portsOnTheirWay()).isZero();
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

            CompletableFuture<IngestAck> answer = service.ingest(batch, AGENT, service.arrive(100, WireFormat.JSON));

            assertThat(answer).as("stored later, or refused").satisfiesAnyOf(
                    pending -> assertThat(pending).isNotDone(), refused -> assertThat(refused).isCompletedExceptionally());
            assertThat(service.busy(-1)).as("handed off or refused: no longer on its way in").isEmpty();
            IngestBatch invalid = oneHostPort("h1", 2, NOW, "not a guid", Map.of());
            assertThatThrownBy(() -> service.ingest(invalid, AGENT, service.arrive(100, WireFormat.JSON))).isInstanceOf(InvalidBatchException.class);
            assertThat(service.busy(-1)).as("an invalid batch is not on its way in either").isEmpty();
        }
    }
}
