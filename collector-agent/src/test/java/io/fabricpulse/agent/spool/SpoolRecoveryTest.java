package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.push.EncodedBatch;
import io.fabricpulse.agent.testing.CapturedLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a spool directory may hold after crashes, disk faults and hands: the spool takes what it can
 * replay, deletes what it cannot with one line each, leaves what is not its own alone, and never fails.
 */
class SpoolRecoveryTest {

    private static final String AGENT = "gpu-node-017";

    @TempDir
    Path dir;

    private static EncodedBatch batch(long sequence) {
        byte[] body = new byte[200];
        Arrays.fill(body, (byte) (sequence * 7));
        return new EncodedBatch(sequence, Instant.parse("2025-06-01T12:00:00Z").plusSeconds(10 * sequence), body);
    }

    private static String name(String agent, long sequence) {
        return String.format("%s.%019d.batch", agent, sequence);
    }

    /** The bytes a spool writes for {@code batch}. */
    private static byte[] fileContent(EncodedBatch batch) {
        byte[] header = SpoolFileFormat.header(batch).array();
        byte[] file = Arrays.copyOf(header, header.length + batch.body().length);
        System.arraycopy(batch.body(), 0, file, header.length, batch.body().length);
        return file;
    }

    private void write(String name, byte[] content) throws IOException {
        Files.write(dir.resolve(name), content);
    }

    private List<String> remaining() throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void startupKeepsWhatCanBeReplayedAndDeletesTheRestWithOneLineEach() throws Exception {
        byte[] good = fileContent(batch(11));
        write(name(AGENT, 5), Arrays.copyOf(good, 20));
        write(name(AGENT, 6), "hello, world".repeat(5).getBytes(StandardCharsets.US_ASCII));
        write(name(AGENT, 7), fileContent(batch(8)));
        write(name(AGENT, 9), Arrays.copyOf(fileContent(batch(9)), good.length - 10));
        write("." + name(AGENT, 10) + ".tmp", Arrays.copyOf(fileContent(batch(10)), 100));
        write(name(AGENT, 11), good);
        byte[] newer = fileContent(batch(12));
        newer[7] = '2';
        write(name(AGENT, 12), newer);
        write(name("gpu-node-018", 1), fileContent(batch(1)));
        write(".gpu-node-018.0000000000000000002.batch.tmp", new byte[3]);
        Files.createDirectory(dir.resolve(name(AGENT, 13)));
        write("README", "notes".getBytes(StandardCharsets.US_ASCII));

        try (CapturedLog log = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 1 << 20)) {
            assertThat(spool.size()).isEqualTo(1);
            assertThat(spool.oldest().body()).isEqualTo(batch(11).body());
            assertThat(spool.discarded()).isEqualTo(4);

            assertThat(log.linesWith("WARN", name(AGENT, 5), "only 20 bytes, less than the 36-byte header")).hasSize(1);
            assertThat(log.linesWith("WARN", name(AGENT, 6), "not a spool file")).hasSize(1);
            assertThat(log.linesWith("WARN", name(AGENT, 7), "holds batch 8, its name says 7")).hasSize(1);
            assertThat(log.linesWith("WARN", name(AGENT, 9), "announces 200 bytes of batch, the file holds 190")).hasSize(1);
            assertThat(log.linesWith("WARN", name(AGENT, 10) + ".tmp", "an unfinished write")).hasSize(1);
            assertThat(log.linesWith("WARN", "leaving", name(AGENT, 12), "format version '2'")).hasSize(1);
            assertThat(log.linesWith("WARN", "ignoring", name(AGENT, 13), "not a regular file")).hasSize(1);
            assertThat(log.linesWith("INFO", "holds 1 batches of other agent ids; left alone")).hasSize(1);
            assertThat(log.linesWith("WARN")).hasSize(7);
        }
        assertThat(remaining()).containsExactly(".gpu-node-018.0000000000000000002.batch.tmp", "README",
                name(AGENT, 11), name(AGENT, 12), name(AGENT, 13), AGENT + ".lock",
                "gpu-node-018.0000000000000000001.batch");
    }

    @Test
    void aFileCorruptedOnDiskIsDeletedWhenReadAndTheNextOneComes() throws Exception {
        try (CapturedLog log = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 1 << 20)) {
            spool.add(batch(1));
            spool.add(batch(2));
            Path first = dir.resolve(name(AGENT, 1));
            byte[] content = Files.readAllBytes(first);
            content[SpoolFileFormat.HEADER_BYTES + 50] ^= 0x10;
            Files.write(first, content);

            assertThat(spool.oldest().sequence()).isEqualTo(2);
            assertThat(spool.discarded()).isEqualTo(1);
            assertThat(spool.size()).isEqualTo(1);
            assertThat(first).doesNotExist();
            assertThat(log.linesWith("WARN", "deleted " + first, "checksum mismatch")).hasSize(1);
        }
    }

    @Test
    void aFileDeletedBehindTheSpoolsBackIsCountedAndSkipped() throws Exception {
        try (CapturedLog log = new CapturedLog(); DiskSpool spool = DiskSpool.open(dir, AGENT, 1 << 20)) {
            spool.add(batch(1));
            spool.add(batch(2));
            Files.delete(dir.resolve(name(AGENT, 1)));
            assertThat(spool.oldest().sequence()).isEqualTo(2);
            assertThat(spool.discarded()).isEqualTo(1);
            assertThat(log.linesWith("WARN", name(AGENT, 1), "cannot be read", "NoSuchFileException")).hasSize(1);
        }
    }
}
