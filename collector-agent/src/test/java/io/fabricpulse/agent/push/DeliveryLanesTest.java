package io.fabricpulse.agent.push;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.agent.testing.RecordingIngestServer.Request;
import io.fabricpulse.agent.testing.RecordingIngestServer.Response;
import io.fabricpulse.agent.testing.RecordingWaiter;
import io.fabricpulse.model.ingest.IngestBatch;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every batch to every server replica, over real HTTP on loopback: a replica cut off from the agent gets its
 * backlog, oldest first, when it answers again, and the other replica is served live meanwhile.
 */
class DeliveryLanesTest {

    private final MutableClock clock = new MutableClock(IngestClientTest.COLLECTED.plusMillis(100));

    @Test
    void aReplicaCutOffGetsItsBacklogInOrderWhileTheOtherIsServedLive() throws Exception {
        try (RecordingIngestServer live = new RecordingIngestServer();
             RecordingIngestServer partitioned = new RecordingIngestServer()) {
            // The partition: the first attempts at the second replica fail as a proxy in the way would answer.
            partitioned.thenAnswer(Response.status(503), Response.status(502), Response.status(503), Response.status(503));
            DeliveryLanes lanes = new DeliveryLanes(List.of(
                    new ServerLane(new IngestEndpoint(live.baseUri(), "s3cret"), new MemoryBatchBuffer(10)),
                    new ServerLane(new IngestEndpoint(partitioned.baseUri(), "s3cret"), new MemoryBatchBuffer(10))),
                    new BatchEncoder(), RetryPolicy.DEFAULT.withoutAgeLimit(), clock, () -> new RecordingWaiter(clock),
                    new SplittableRandom(5));
            lanes.start();
            for (long sequence = 1; sequence <= 3; sequence++) {
                lanes.accept(batch(sequence));
                assertThat(live.takeRequest().batch().sequence()).as("live at once").isEqualTo(sequence);
            }
            assertThat(lanes.awaitIdle(Duration.ofSeconds(10))).isTrue();
            lanes.close();

            List<Request> atPartitioned = partitioned.drain();
            assertThat(atPartitioned).filteredOn(Request::accepted).extracting(request -> request.batch().sequence())
                    .containsExactly(1L, 2L, 3L);
            assertThat(atPartitioned).filteredOn(request -> !request.accepted()).hasSize(4)
                    .allSatisfy(request -> assertThat(request.batch().sequence()).as("the oldest is retried first")
                            .isEqualTo(1L));
            assertThat(live.drain()).as("nothing twice at the live replica").isEmpty();
            assertThat(lanes.stats()).containsExactly(new PushStats(3, 0, 0, 0, 0, 0), new PushStats(3, 0, 0, 0, 0, 0));
        }
    }

    /**
     * Issue 27's partition, and an outage as the agent sees it: nothing listens at the replica's address (a
     * closed port: connections refused) until it does. Its lane backs off, never above the policy's cap, keeps
     * the batches, and hands them over oldest first once the replica listens again; the other is served live.
     */
    @Test
    void aReplicaThatRefusesConnectionsGetsItsBacklogInOrderOnceItListensAgain() throws Exception {
        int closedPort;
        try (ServerSocket reserved = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = reserved.getLocalPort();
        }
        List<RecordingWaiter> waiters = new CopyOnWriteArrayList<>();
        try (RecordingIngestServer live = new RecordingIngestServer()) {
            DeliveryLanes lanes = new DeliveryLanes(List.of(
                    new ServerLane(new IngestEndpoint(live.baseUri(), "s3cret"), new MemoryBatchBuffer(10)),
                    new ServerLane(new IngestEndpoint(URI.create("http://127.0.0.1:" + closedPort), "s3cret"),
                            new MemoryBatchBuffer(10))),
                    new BatchEncoder(), RetryPolicy.DEFAULT.withoutAgeLimit(), clock, () -> {
                        RecordingWaiter waiter = new RecordingWaiter(clock);
                        waiters.add(waiter);
                        return waiter;
                    }, new SplittableRandom(5));
            lanes.start();
            for (long sequence = 1; sequence <= 3; sequence++) {
                lanes.accept(batch(sequence));
                assertThat(live.takeRequest().batch().sequence()).as("live at once").isEqualTo(sequence);
            }
            assertThat(waiters).as("the refused lane is backing off").anySatisfy(waiter ->
                    assertThat(waiter.waits()).isNotEmpty());
            try (RecordingIngestServer back = new RecordingIngestServer(closedPort)) {
                assertThat(lanes.awaitIdle(Duration.ofSeconds(10))).isTrue();
                lanes.close();
                assertThat(back.drain()).filteredOn(Request::accepted).extracting(request -> request.batch().sequence())
                        .containsExactly(1L, 2L, 3L);
            }
            assertThat(live.drain()).as("nothing twice at the live replica").isEmpty();
            assertThat(waiters).allSatisfy(waiter -> assertThat(waiter.waits()).allSatisfy(wait ->
                    assertThat(wait).isLessThanOrEqualTo(RetryPolicy.DEFAULT.maxBackoff())));
        }
    }

    @Test
    void bothReplicasReceiveTheSameBytes() throws Exception {
        try (RecordingIngestServer a = new RecordingIngestServer(); RecordingIngestServer b = new RecordingIngestServer()) {
            DeliveryLanes lanes = new DeliveryLanes(List.of(
                    new ServerLane(new IngestEndpoint(a.baseUri(), "s3cret"), new MemoryBatchBuffer(10)),
                    new ServerLane(new IngestEndpoint(b.baseUri(), "s3cret"), new MemoryBatchBuffer(10))),
                    new BatchEncoder(), RetryPolicy.DEFAULT, clock, () -> new RecordingWaiter(clock));
            lanes.start();
            lanes.accept(batch(7));
            assertThat(a.takeRequest().body()).isEqualTo(b.takeRequest().body());
            lanes.close();
        }
    }

    private IngestBatch batch(long sequence) {
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "gpu-node-017", sequence, clock.instant(), "sysfs", List.of());
    }
}
