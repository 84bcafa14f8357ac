package io.fabricpulse.agent.push;

import io.fabricpulse.agent.sysfs.SysfsSource;
import io.fabricpulse.agent.testing.ManualScheduler;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.agent.testing.RecordingWaiter;
import io.fabricpulse.model.ingest.IngestBatch;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** Poll loop, pusher and a real HTTP server together: what arrives is what the fixture host holds, in order. */
class CollectorPushTest {

    @Test
    void batchesArriveInOrderWithIncreasingSequenceNumbers() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2025-06-01T12:00:03.250Z"));
        ManualScheduler scheduler = new ManualScheduler(clock);
        try (RecordingIngestServer server = new RecordingIngestServer();
             IngestClient client = new IngestClient(new IngestEndpoint(server.baseUri(), "s3cret"), clock)) {
            Pusher pusher = new Pusher(client, new BatchEncoder(), new MemoryBatchBuffer(10), RetryPolicy.DEFAULT,
                    clock, new RecordingWaiter(clock), new SplittableRandom(3));
            Collector collector = new Collector(new SysfsSource(CollectorTest.cx6Host()), pusher, "gpu-node-017",
                    Duration.ofSeconds(1), clock.millis(), clock, scheduler);
            pusher.start();
            collector.start();
            List<Instant> steps = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                steps.add(scheduler.nextDue());
                scheduler.runNext();
            }
            assertThat(pusher.awaitIdle(Duration.ofSeconds(10))).isTrue();
            collector.close();
            pusher.close();

            List<IngestBatch> received = server.drain().stream().map(RecordingIngestServer.Request::batch).toList();
            assertThat(received).extracting(IngestBatch::sequence)
                    .containsExactly(received.getFirst().sequence(), received.getFirst().sequence() + 1,
                            received.getFirst().sequence() + 2);
            assertThat(received.getFirst().sequence()).as("first sequence: start time in ms, plus one")
                    .isEqualTo(Instant.parse("2025-06-01T12:00:03.250Z").toEpochMilli() + 1);
            assertThat(received).extracting(IngestBatch::collectedAt).containsExactlyElementsOf(steps);
            assertThat(received).allSatisfy(b -> assertThat(b.nodes()).hasSize(3));
            assertThat(pusher.stats()).isEqualTo(new PushStats(3, 0, 0, 0, 0, 0));
        }
    }
}
