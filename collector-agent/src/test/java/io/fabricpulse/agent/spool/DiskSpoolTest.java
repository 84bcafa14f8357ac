package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.push.EncodedBatch;
import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.agent.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The spool on real files in a temporary directory. */
class DiskSpoolTest {

    private static final String AGENT = "gpu-node-017";
    private static final int BODY = 1000;
    private static final long FILE = SpoolFileFormat.HEADER_BYTES + BODY;

    @TempDir
    Path dir;

    /** A batch whose body has a fixed size, so bounds can be counted in whole batches. */
    private static EncodedBatch fixedSize(long sequence) {
        byte[] body = new byte[BODY];
        Arrays.fill(body, (byte) sequence);
        return new EncodedBatch(sequence, Instant.parse("2025-06-01T12:00:00.123456789Z").plusSeconds(sequence), body);
    }

    private static String fileName(long sequence) {
        return String.format("%s.%019d.batch", AGENT, sequence);
    }

    /** The spool's files, sorted by name, without the lock file. */
    private List<String> files() throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".lock")).sorted().toList();
        }
    }

    private List<Long> drain(DiskSpool spool) {
        List<Long> order = new ArrayList<>();
        EncodedBatch batch;
        while ((batch = spool.oldest()) != null) {
            order.add(batch.sequence());
            assertThat(spool.remove(batch.sequence())).isTrue();
        }
        return order;
    }

    @Test
    void keepsEachBatchInAFileNamedForOrderAndGivesBackTheSameBytes() throws Exception {
        EncodedBatch real = TestBatches.encoded(AGENT, 1_748_779_200_001L);
        try (CapturedLog ignored = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 1 << 20)) {
            assertThat(spool.add(real)).isEmpty();
            assertThat(spool.add(fixedSize(1_748_779_200_002L))).isEmpty();

            assertThat(files()).containsExactly(fileName(1_748_779_200_001L), fileName(1_748_779_200_002L));
            assertThat(Files.size(dir.resolve(fileName(1_748_779_200_002L)))).isEqualTo(FILE);
            EncodedBatch replayed = spool.oldest();
            assertThat(replayed.sequence()).isEqualTo(real.sequence());
            assertThat(replayed.collectedAt()).isEqualTo(real.collectedAt());
            assertThat(replayed.body()).isEqualTo(real.body());
            assertThat(spool.size()).isEqualTo(2);
            assertThat(spool.bytes()).isEqualTo(SpoolFileFormat.HEADER_BYTES + real.body().length + FILE);

            assertThat(spool.remove(real.sequence())).isTrue();
            assertThat(spool.remove(real.sequence())).as("already gone").isFalse();
            assertThat(files()).containsExactly(fileName(1_748_779_200_002L));
            assertThat(spool.oldest().collectedAt()).isEqualTo(fixedSize(1_748_779_200_002L).collectedAt());
        }
    }

    @Test
    void theDirectoryIsCreatedForTheOwnerOnly() throws Exception {
        Path nested = dir.resolve("var/lib/fabricpulse/spool");
        try (CapturedLog ignored = new CapturedLog(); DiskSpool spool = DiskSpool.open(nested, AGENT, FILE)) {
            assertThat(spool.directory()).isDirectory();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(nested))).isEqualTo("rwx------");
        }
    }

    @Test
    void aLaterProcessSendsWhatAnEarlierOneLeftFirst() throws Exception {
        try (CapturedLog log = new CapturedLog()) {
            try (DiskSpool first = DiskSpool.open(dir, AGENT, 1 << 20)) {
                for (long sequence = 1; sequence <= 3; sequence++) {
                    first.add(fixedSize(sequence));
                }
                first.remove(1);
            }
            try (DiskSpool second = DiskSpool.open(dir, AGENT, 1 << 20)) {
                assertThat(second.size()).isEqualTo(2);
                assertThat(second.bytes()).isEqualTo(2 * FILE);
                second.add(fixedSize(4));
                assertThat(drain(second)).containsExactly(2L, 3L, 4L);
            }
            assertThat(log.linesWith("INFO", "2 batches (2.0 KiB) of an earlier run wait to be sent, the oldest collected at "
                    + fixedSize(2).collectedAt())).hasSize(1);
        }
        assertThat(files()).isEmpty();
    }

    @Test
    void reachingTheBoundDropsTheOldestAndReturnsThem() throws Exception {
        try (CapturedLog ignored = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 3 * FILE)) {
            assertThat(spool.add(fixedSize(1))).isEmpty();
            assertThat(spool.add(fixedSize(2))).isEmpty();
            assertThat(spool.add(fixedSize(3))).isEmpty();
            assertThat(spool.add(fixedSize(4))).containsExactly(1L);
            assertThat(spool.add(fixedSize(5))).containsExactly(2L);
            assertThat(files()).containsExactly(fileName(3), fileName(4), fileName(5));
            assertThat(spool.bytes()).isEqualTo(3 * FILE);
            assertThat(spool.remove(1)).as("dropped, e.g. while it was being sent").isFalse();
            assertThat(drain(spool)).containsExactly(3L, 4L, 5L);
        }
    }

    @Test
    void aBatchLargerThanTheWholeBoundIsDroppedItselfAndTheOthersStay() throws Exception {
        try (CapturedLog log = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, FILE + 10)) {
            spool.add(fixedSize(1));
            EncodedBatch huge = new EncodedBatch(2, Instant.EPOCH, new byte[2 * BODY]);
            assertThat(spool.add(huge)).containsExactly(2L);
            assertThat(files()).containsExactly(fileName(1));
            assertThat(log.linesWith("WARN", "batch 2 is 2.0 KiB, more than the whole spool " + dir
                    + " (at most 1.0 KiB): dropped")).hasSize(1);
        }
    }

    @Test
    void aLoweredBoundDropsTheOldestAtStartAndCountsThem() throws Exception {
        try (CapturedLog log = new CapturedLog()) {
            try (DiskSpool generous = DiskSpool.open(dir, AGENT, 10 * FILE)) {
                for (long sequence = 1; sequence <= 5; sequence++) {
                    generous.add(fixedSize(sequence));
                }
            }
            try (DiskSpool tight = DiskSpool.open(dir, AGENT, 2 * FILE)) {
                assertThat(tight.discarded()).isEqualTo(3);
                assertThat(drain(tight)).containsExactly(4L, 5L);
            }
            assertThat(log.linesWith("WARN", "exceed the bound", "dropped the 3 oldest")).hasSize(1);
        }
    }

    @Test
    void aRepeatedSequenceNumberIsDroppedInsteadOfOverwritingTheFirst() throws Exception {
        try (CapturedLog log = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 10 * FILE)) {
            spool.add(fixedSize(7));
            EncodedBatch clash = new EncodedBatch(7, Instant.EPOCH, new byte[10]);
            assertThat(spool.add(clash)).containsExactly(7L);
            assertThat(spool.oldest().body()).isEqualTo(fixedSize(7).body());
            assertThat(log.linesWith("WARN", "batch 7 has the sequence number of a batch already in the spool")).hasSize(1);
        }
    }

    @Test
    void aNegativeSequenceNumberIsRefusedBeforeAnythingIsDropped() throws Exception {
        try (CapturedLog ignored = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, FILE)) {
            spool.add(fixedSize(1));
            assertThatThrownBy(() -> spool.add(new EncodedBatch(-5, Instant.EPOCH, new byte[BODY])))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-5");
            assertThat(files()).containsExactly(fileName(1));
        }
    }

    @Test
    void aSecondProcessOfTheSameAgentIsKeptOutAndAnotherAgentMayShare() throws Exception {
        try (CapturedLog ignored = new CapturedLog()) {
            DiskSpool first = DiskSpool.open(dir, AGENT, FILE);
            assertThatThrownBy(() -> DiskSpool.open(dir, AGENT, FILE))
                    .isInstanceOf(SpoolLockedException.class)
                    .hasMessage("another process of agent 'gpu-node-017' uses the spool " + dir + " (it holds gpu-node-017.lock)");
            try (DiskSpool other = DiskSpool.open(dir, "gpu-node-018", FILE)) {
                other.add(fixedSize(1));
            }
            assertThat(first.size()).as("the other agent's batch is not ours").isZero();
            first.close();
            DiskSpool.open(dir, AGENT, FILE).close();
        }
    }

    @Test
    void whenTheDiskRefusesAWriteTheBatchWaitsInMemoryAndIsStillSent() throws Exception {
        try (CapturedLog log = new CapturedLog()) {
            DiskSpool spool = DiskSpool.open(dir, AGENT, 10 * FILE);
            // a directory where the temporary file must go: the write fails as it would on a full or
            // read-only disk, even for root, who ignores permissions
            Files.createDirectory(dir.resolve("." + fileName(2) + ".tmp"));
            Files.createDirectory(dir.resolve("." + fileName(3) + ".tmp"));
            spool.add(fixedSize(1));
            assertThat(spool.add(fixedSize(2))).isEmpty();
            spool.add(fixedSize(3));
            spool.add(fixedSize(4));
            assertThat(files()).contains(fileName(1), fileName(4)).doesNotContain(fileName(2), fileName(3));
            assertThat(spool.bytes()).as("held batches count against the bound too").isEqualTo(4 * FILE);
            assertThat(log.linesWith("WARN", "cannot write batch 2 to the spool", "batches wait in memory")).hasSize(1);
            assertThat(log.linesWith("WARN", "cannot write batch 3")).as("one line per problem").isEmpty();
            assertThat(log.linesWith("INFO", "takes batches again")).hasSize(1);

            spool.remove(1);
            assertThat(spool.oldest().body()).isEqualTo(fixedSize(2).body());
            spool.remove(2);
            spool.close();
            assertThat(log.linesWith("WARN", "1 batches could not be written", "lost with this stop")).hasSize(1);
        }
    }

    @Test
    void idsThatAreNoFileNamesStayInsideTheDirectory() throws Exception {
        String id = "../rack 7/node:01";
        try (CapturedLog ignored = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, id, 10 * FILE)) {
            spool.add(fixedSize(1));
            assertThat(files()).containsExactly("%2E.%2Frack%207%2Fnode%3A01.0000000000000000001.batch");
            assertThat(drain(spool)).containsExactly(1L);
        }
    }
}
