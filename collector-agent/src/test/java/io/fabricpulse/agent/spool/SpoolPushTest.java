package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.push.BatchEncoder;
import io.fabricpulse.agent.push.BatchTransport;
import io.fabricpulse.agent.push.IngestClient;
import io.fabricpulse.agent.push.IngestEndpoint;
import io.fabricpulse.agent.push.PushStats;
import io.fabricpulse.agent.push.Pusher;
import io.fabricpulse.agent.push.RetryPolicy;
import io.fabricpulse.agent.push.Waiter;
import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.agent.testing.RecordingIngestServer.Request;
import io.fabricpulse.agent.testing.RecordingIngestServer.Response;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.agent.testing.TestBatches;
import io.fabricpulse.model.ingest.IngestBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pusher over the disk spool against a real HTTP server on loopback that is down (connection refused),
 * then overloaded (503 with Retry-After), then up — across a restart of the agent. Backoffs are real but
 * a few milliseconds long; nothing waits for a fixed time.
 */
class SpoolPushTest {

    private static final String AGENT = "gpu-node-017";
    private static final RetryPolicy POLICY = new RetryPolicy(Duration.ofMillis(5), Duration.ofMillis(40),
            Duration.ofMillis(40), Duration.ofMinutes(15), Duration.ofMillis(300)).withoutAgeLimit();

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(TestBatches.FIRST_POLL);
    private final int port = freePort();
    private final IngestClient client = new IngestClient(
            new IngestEndpoint(URI.create("http://127.0.0.1:" + port), "s3cret"), clock);
    /** One permit per push attempt, so the test can wait for failures to have happened. */
    private final Semaphore attempts = new Semaphore(0);
    private final BatchTransport counting = batch -> {
        try {
            return client.send(batch);
        } finally {
            attempts.release();
        }
    };
    private RecordingIngestServer server;

    @AfterEach
    void stop() {
        client.close();
        if (server != null) {
            server.close();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private Pusher pusher(DiskSpool spool) {
        return new Pusher(counting, new BatchEncoder(), spool, POLICY, clock, Waiter.realTime(), new SplittableRandom(5));
    }

    private void awaitAttempts(int count) throws InterruptedException {
        assertThat(attempts.tryAcquire(count, 10, TimeUnit.SECONDS)).as("%d push attempts", count).isTrue();
    }

    private static void awaitIdle(Pusher pusher) throws InterruptedException {
        assertThat(pusher.awaitIdle(Duration.ofSeconds(10))).as("pusher idle").isTrue();
    }

    private List<String> spooled() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".batch")).sorted().toList();
        }
    }

    private List<Long> accepted() {
        return server.drain().stream().filter(Request::accepted).map(r -> r.batch().sequence()).toList();
    }

    @Test
    void anOutageAcrossARestartDeliversEveryBatchOnceInOrder() throws Exception {
        try (CapturedLog log = new CapturedLog()) {
            // the first run: the server is down for its whole life
            DiskSpool firstSpool = DiskSpool.open(dir, AGENT, 1 << 20);
            Pusher first = pusher(firstSpool);
            first.start();
            for (long sequence = 1; sequence <= 3; sequence++) {
                first.accept(TestBatches.batch(AGENT, sequence));
            }
            awaitAttempts(3);
            first.close();
            firstSpool.close();
            assertThat(first.stats()).isEqualTo(new PushStats(0, 0, 0, 0, 0, 3));
            assertThat(spooled()).hasSize(3);
            assertThat(log.linesWith("INFO", "stopped with 3 batches not delivered; they stay in the spool")).hasSize(1);

            // the second run: down at first, then overloaded, then up
            DiskSpool secondSpool = DiskSpool.open(dir, AGENT, 1 << 20);
            Pusher second = pusher(secondSpool);
            second.start();
            second.accept(TestBatches.batch(AGENT, 4));
            awaitAttempts(2);
            server = new RecordingIngestServer(port).thenAnswer(
                    new Response(503, Map.of("Retry-After", "1"), "ingest queue full"), Response.status(503));
            second.accept(TestBatches.batch(AGENT, 5));
            awaitIdle(second);
            second.close();
            secondSpool.close();

            assertThat(accepted()).containsExactly(1L, 2L, 3L, 4L, 5L);
            assertThat(second.stats()).isEqualTo(new PushStats(5, 0, 0, 0, 0, 0));
            assertThat(spooled()).isEmpty();
            assertThat(log.linesWith("INFO", "3 batches", "of an earlier run wait to be sent")).hasSize(1);
        }
    }

    @Test
    void reachingTheBoundDropsTheOldestCountsThemAndSendsTheRestInOrder() throws Exception {
        long largest = 0;
        for (long sequence = 1; sequence <= 6; sequence++) {
            largest = Math.max(largest, new BatchEncoder().encode(TestBatches.batch(AGENT, sequence)).body().length);
        }
        try (CapturedLog log = new CapturedLog();
             DiskSpool spool = DiskSpool.open(dir, AGENT, 3 * (SpoolFileFormat.HEADER_BYTES + largest))) {
            Pusher pusher = pusher(spool);
            for (long sequence = 1; sequence <= 6; sequence++) {
                pusher.accept(TestBatches.batch(AGENT, sequence));
            }
            assertThat(pusher.stats()).isEqualTo(new PushStats(0, 0, 0, 3, 0, 3));
            assertThat(log.linesWith("WARN", "spool " + dir, "full (3 batches waiting): dropped the oldest, batch 1"))
                    .hasSize(1);

            server = new RecordingIngestServer(port);
            pusher.start();
            awaitIdle(pusher);
            pusher.close();
            assertThat(accepted()).containsExactly(4L, 5L, 6L);
            assertThat(pusher.stats().lost()).isEqualTo(3);
        }
    }

    @Test
    void aRefusedBatchIsDeletedAndAnUnreadableOneCountedAsLost() throws Exception {
        server = new RecordingIngestServer(port).thenAnswer(Response.problem(400, "nodes[0].guid: not a GUID"));
        try (CapturedLog log = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 1 << 20)) {
            Pusher pusher = pusher(spool);
            for (long sequence = 1; sequence <= 4; sequence++) {
                pusher.accept(TestBatches.batch(AGENT, sequence));
            }
            Files.write(dir.resolve(spooled().get(2)), new byte[]{1, 2, 3});
            pusher.start();
            awaitIdle(pusher);
            pusher.close();

            List<Request> requests = server.drain();
            assertThat(requests).extracting(r -> r.batch().sequence()).containsExactly(1L, 2L, 4L);
            assertThat(requests).extracting(Request::status).containsExactly(400, 202, 202);
            assertThat(pusher.stats()).isEqualTo(new PushStats(2, 1, 0, 0, 1, 0));
            assertThat(pusher.stats().lost()).isEqualTo(2);
            assertThat(spooled()).isEmpty();
            assertThat(log.linesWith("WARN", "cannot be replayed")).hasSize(1);
            assertThat(log.linesWith("INFO", "push stopped: 2 delivered, 1 rejected, 0 expired, 0 dropped on a full buffer,"
                    + " 1 unreadable")).hasSize(1);
        }
    }

    @Test
    void theBatchOnTheWireIsTheBatchFromTheFile() throws Exception {
        server = new RecordingIngestServer(port);
        try (CapturedLog ignored = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 1 << 20)) {
            IngestBatch batch = TestBatches.batch(AGENT, 1_748_779_200_001L);
            Pusher pusher = pusher(spool);
            pusher.accept(batch);
            pusher.start();
            awaitIdle(pusher);
            pusher.close();
            assertThat(server.takeRequest().batch()).isEqualTo(batch);
        }
    }
}
