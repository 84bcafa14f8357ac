package io.fabricpulse.server.state;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

class BackgroundWriterTest {

    private final List<List<Integer>> batches = new CopyOnWriteArrayList<>();

    @Test
    void aFlushWritesWhatQueuedTogetherAsOneBatchAndWhatTheWritesQueueThemselves() {
        List<BackgroundWriter<Integer>> self = new ArrayList<>();
        BackgroundWriter<Integer> writer = new BackgroundWriter<>("test-writer", 3, batch -> {
            batches.add(List.copyOf(batch));
            if (batch.contains(1)) {
                self.getFirst().offer(9); // a write that queues a follow-up, as an alert resolution does
            }
            return batch.size();
        });
        self.add(writer);
        assertThat(writer.offer(1)).isTrue();
        assertThat(writer.offer(2)).isTrue();
        assertThat(writer.offer(3)).isTrue();
        assertThat(writer.offer(4)).as("full").isFalse();
        assertThat(writer.queued()).isEqualTo(3);

        assertThat(writer.flush()).isEqualTo(4);
        assertThat(batches).containsExactly(List.of(1, 2, 3), List.of(9));
        assertThat(writer.queued()).isZero();
    }

    @Test
    void aFailedWriteCountsAsNotWrittenAndTheNextBatchIsStillWritten() {
        BackgroundWriter<Integer> writer = new BackgroundWriter<>("test-writer", 10, batch -> {
            if (batch.contains(13)) {
                throw new IllegalStateException("database gone");
            }
            batches.add(List.copyOf(batch));
            return batch.size();
        });
        writer.offer(13);
        assertThat(writer.flush()).isZero();
        writer.offer(14);
        assertThat(writer.flush()).isEqualTo(1);
        assertThat(batches).containsExactly(List.of(14));
    }

    @Test
    void everythingQueuedIsWrittenByTheThreadOrOnStop() {
        BackgroundWriter<Integer> writer = new BackgroundWriter<>("test-writer", 1000, batch -> {
            batches.add(List.copyOf(batch));
            return batch.size();
        });
        assertThat(writer.stop(Duration.ofSeconds(5))).as("not started").isZero();
        writer.start();
        assertThat(writer.isRunning()).isTrue();
        for (int i = 0; i < 500; i++) {
            writer.offer(i);
        }
        writer.stop(Duration.ofSeconds(30));

        assertThat(writer.isRunning()).isFalse();
        assertThat(batches.stream().flatMap(List::stream).toList()).as("all, in order")
                .isEqualTo(java.util.stream.IntStream.range(0, 500).boxed().toList());
    }
}
