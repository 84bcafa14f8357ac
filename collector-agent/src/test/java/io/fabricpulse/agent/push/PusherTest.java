package io.fabricpulse.agent.push;

import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.agent.testing.RecordingIngestServer.Response;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.agent.testing.RecordingWaiter;
import io.fabricpulse.model.ingest.IngestBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static io.fabricpulse.agent.push.IngestClientTest.batch;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pusher against a real HTTP server on loopback. Time is a test clock: backoff waits are recorded
 * and skipped, so retries take no real time.
 */
class PusherTest {

    private static final RetryPolicy POLICY = new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(60),
            Duration.ofMinutes(10), Duration.ofMinutes(15), Duration.ofSeconds(5));

    private final RecordingIngestServer server = new RecordingIngestServer();
    private final MutableClock clock = new MutableClock(IngestClientTest.COLLECTED.plusMillis(100));
    private final RecordingWaiter waiter = new RecordingWaiter(clock);
    private final IngestClient client = new IngestClient(new IngestEndpoint(server.baseUri(), "s3cret"), clock);

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private Pusher pusher(int capacity) {
        return new Pusher(client, new BatchEncoder(), new MemoryBatchBuffer(capacity), POLICY, clock, waiter,
                new SplittableRandom(1));
    }

    /** Waits until the pusher has settled everything it was given; the timeout only guards against a hang. */
    private static void awaitIdle(Pusher pusher) throws InterruptedException {
        assertThat(pusher.awaitIdle(Duration.ofSeconds(10))).as("pusher idle").isTrue();
    }

    @Test
    void retriesAfterServiceUnavailableHonouringRetryAfter() throws Exception {
        server.thenAnswer(new Response(503, Map.of("Retry-After", "7"), "overloaded"), Response.status(503));
        Pusher pusher = pusher(10);
        try (CapturedLog log = new CapturedLog()) {
            pusher.start();
            pusher.accept(batch(1));
            byte[] first = server.takeRequest().body();
            byte[] second = server.takeRequest().body();
            byte[] third = server.takeRequest().body();
            awaitIdle(pusher);
            pusher.close();

            assertThat(second).as("the same bytes are resent").isEqualTo(first).isEqualTo(third);
            assertThat(waiter.waits()).hasSize(2);
            assertThat(waiter.waits().get(0)).isBetween(Duration.ofSeconds(7), Duration.ofMillis(7_700));
            assertThat(waiter.waits().get(1)).as("second attempt: backoff 2 s with jitter")
                    .isBetween(Duration.ofSeconds(1), Duration.ofSeconds(2));
            assertThat(pusher.stats()).isEqualTo(new PushStats(1, 0, 0, 0, 0, 0));
            assertThat(log.linesWith("WARN", "push of batch 1 failed (HTTP 503: overloaded); retrying in")).hasSize(1);
            assertThat(log.linesWith("HTTP 503")).as("the second 503 is the same kind of failure").hasSize(1);
            assertThat(log.linesWith("INFO", "server reachable again; batch 1 delivered")).hasSize(1);
        }
    }

    @Test
    void dropsABadRequestAndLogsTheProblemDetailOnce() throws Exception {
        String detail = "nodes[0].guid: not a GUID";
        server.thenAnswer(Response.problem(400, detail), Response.problem(400, detail));
        Pusher pusher = pusher(10);
        try (CapturedLog log = new CapturedLog()) {
            pusher.start();
            pusher.accept(batch(1));
            pusher.accept(batch(2));
            pusher.accept(batch(3));
            assertThat(List.of(server.takeRequest(), server.takeRequest(), server.takeRequest()))
                    .extracting(r -> r.batch().sequence()).containsExactly(1L, 2L, 3L);
            awaitIdle(pusher);
            pusher.close();

            assertThat(pusher.stats()).isEqualTo(new PushStats(1, 2, 0, 0, 0, 0));
            assertThat(waiter.waits()).as("a permanent failure is not retried").isEmpty();
            assertThat(log.linesWith("WARN", "server refused batch 1 (HTTP 400: " + detail + "); dropped it")).hasSize(1);
            assertThat(log.linesWith(detail)).as("batch 2's identical refusal is not logged again").hasSize(1);
        }
    }

    @Test
    void aWrongTokenKeepsTheBacklogUntilItIsFixed() throws Exception {
        // A revoked or mistyped token refuses every batch alike: the batches are not at fault, so they
        // wait (with backoff) and go once the server accepts the token again.
        server.thenAnswer(Response.problem(401, "invalid bearer token"), Response.problem(401, "invalid bearer token"));
        Pusher pusher = pusher(10);
        try (CapturedLog log = new CapturedLog()) {
            pusher.start();
            pusher.accept(batch(1));
            pusher.accept(batch(2));
            List<Long> sent = List.of(server.takeRequest(), server.takeRequest(), server.takeRequest(),
                    server.takeRequest()).stream().map(r -> r.batch().sequence()).toList();
            awaitIdle(pusher);
            pusher.close();

            assertThat(sent).as("batch 1 twice refused, then delivered, then batch 2").containsExactly(1L, 1L, 1L, 2L);
            assertThat(pusher.stats()).isEqualTo(new PushStats(2, 0, 0, 0, 0, 0));
            assertThat(waiter.waits()).hasSize(2);
            assertThat(log.linesWith("WARN", "HTTP 401: invalid bearer token", "check the agent's token")).hasSize(1);
        }
    }

    @Test
    void aBatchTooOldToMatterIsDroppedAndTheNextOneGoes() throws Exception {
        for (int i = 0; i < 40; i++) {
            server.thenAnswer(Response.status(502));
        }
        Pusher pusher = pusher(10);
        try (CapturedLog log = new CapturedLog()) {
            pusher.accept(batch(1));
            IngestBatch later = new IngestBatch(1, "gpu-node-017", 2, clock.instant().plus(Duration.ofMinutes(20)),
                    "sysfs", List.of());
            pusher.accept(later);
            pusher.start();
            awaitIdle(pusher);
            pusher.close();

            assertThat(pusher.stats()).isEqualTo(new PushStats(1, 0, 1, 0, 0, 0));
            assertThat(log.linesWith("WARN", "dropped batch 1 collected at 2025-06-01T12:00:02.500Z: not delivered within PT15M"))
                    .hasSize(1);
            assertThat(log.linesWith("WARN", "HTTP 502")).as("one outage, one line").hasSize(1);
        }
        List<Long> sequences = server.drain().stream().map(r -> r.batch().sequence()).toList();
        assertThat(sequences).hasSize(41).endsWith(2L);
        int attemptsForFirst = sequences.lastIndexOf(1L) + 1;
        Duration waitedForFirst = waiter.waits().subList(0, attemptsForFirst).stream().reduce(Duration.ZERO, Duration::plus);
        assertThat(waitedForFirst).as("retried until the batch's maximum age had passed")
                .isGreaterThan(Duration.ofMinutes(15).minusMillis(100)).isLessThan(Duration.ofMinutes(17));
    }

    @Test
    void aFullBufferDropsTheOldestAndCountsIt() throws Exception {
        Pusher pusher = pusher(2);
        try (CapturedLog log = new CapturedLog()) {
            pusher.accept(batch(1));
            pusher.accept(batch(2));
            pusher.accept(batch(3));
            pusher.accept(batch(4));
            assertThat(pusher.stats()).isEqualTo(new PushStats(0, 0, 0, 2, 0, 2));
            assertThat(log.linesWith("WARN", "push buffer full")).hasSize(1);
        }
        pusher.start();
        assertThat(List.of(server.takeRequest(), server.takeRequest()))
                .extracting(r -> r.batch().sequence()).containsExactly(3L, 4L);
        awaitIdle(pusher);
        pusher.close();
        assertThat(pusher.stats().lost()).isEqualTo(2);
    }

    @Test
    void closeFlushesWhatWaits() throws Exception {
        Pusher pusher = pusher(10);
        pusher.accept(batch(1));
        pusher.accept(batch(2));
        pusher.start();
        pusher.close();
        assertThat(pusher.stats()).isEqualTo(new PushStats(2, 0, 0, 0, 0, 0));
        assertThat(server.drain()).extracting(r -> r.batch().sequence()).containsExactly(1L, 2L);
    }

    @Test
    void closeBeforeStartSendsNothingAndReportsWhatIsLeft() {
        Pusher pusher = pusher(10);
        pusher.accept(batch(1));
        pusher.accept(batch(2));
        try (CapturedLog log = new CapturedLog()) {
            pusher.close();
            assertThat(log.linesWith("WARN", "stopped with 2 batches not delivered")).hasSize(1);
        }
        assertThat(server.drain()).isEmpty();
    }

    @Test
    void closeWithTheServerDownEndsTheBackoffAndStopsAtTheNextFailure() throws Exception {
        server.thenAnswer(Response.status(503), Response.status(503), Response.status(503));
        // real-time waits here: the first backoff (about a second) must be cut short by close()
        Pusher pusher = new Pusher(client, new BatchEncoder(), new MemoryBatchBuffer(10), POLICY, clock,
                Waiter.realTime(), new SplittableRandom(1));
        pusher.accept(batch(3));
        pusher.accept(batch(4));
        try (CapturedLog log = new CapturedLog()) {
            pusher.start();
            server.takeRequest();
            pusher.close();
            assertThat(log.linesWith("WARN", "stopped with 2 batches not delivered")).hasSize(1);
        }
        assertThat(pusher.stats()).isEqualTo(new PushStats(0, 0, 0, 0, 0, 2));
        assertThat(server.drain()).as("at most the one attempt made during the flush").hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void onePushInFlightAtATimeInTheOrderOfCollection() throws Exception {
        Pusher pusher = pusher(20);
        for (long sequence = 1; sequence <= 12; sequence++) {
            pusher.accept(batch(sequence));
        }
        pusher.start();
        awaitIdle(pusher);
        pusher.close();
        assertThat(server.drain()).extracting(r -> r.batch().sequence())
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        assertThat(server.maxConcurrentRequests()).isEqualTo(1);
    }

    @Test
    void batchesAfterCloseAreNotAccepted() {
        Pusher pusher = pusher(10);
        pusher.close();
        pusher.accept(batch(1));
        assertThat(pusher.stats().waiting()).isZero();
    }

}
