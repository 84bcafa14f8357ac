package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.push.EncodedBatch;
import io.fabricpulse.agent.testing.TestBatches;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The file format: what is written is read back exactly, and any damage is caught, never mistaken for a batch. */
class SpoolFileFormatTest {

    private static final EncodedBatch BATCH = TestBatches.encoded("gpu-node-017", 1_748_779_200_001L);

    private static byte[] file(EncodedBatch batch) {
        byte[] header = SpoolFileFormat.header(batch).array();
        byte[] file = Arrays.copyOf(header, header.length + batch.body().length);
        System.arraycopy(batch.body(), 0, file, header.length, batch.body().length);
        return file;
    }

    @Test
    void roundTripKeepsSequenceTimeToTheNanosecondAndBytes() throws Exception {
        EncodedBatch decoded = SpoolFileFormat.decode(file(BATCH), BATCH.sequence());
        assertThat(decoded.sequence()).isEqualTo(BATCH.sequence());
        assertThat(decoded.collectedAt()).isEqualTo(BATCH.collectedAt());
        assertThat(decoded.body()).isEqualTo(BATCH.body());
    }

    @Test
    void anEmptyBodyIsAValidFile() throws Exception {
        EncodedBatch empty = new EncodedBatch(0, TestBatches.FIRST_POLL, new byte[0]);
        assertThat(SpoolFileFormat.decode(file(empty), 0).body()).isEmpty();
    }

    @Test
    void everySingleByteChangeIsCaught() {
        byte[] good = file(BATCH);
        SplittableRandom random = new SplittableRandom(20250601);
        for (int i = 0; i < good.length; i++) {
            byte[] damaged = good.clone();
            damaged[i] ^= (byte) (1 + random.nextInt(255));
            int position = i;
            assertThatThrownBy(() -> SpoolFileFormat.decode(damaged, BATCH.sequence()))
                    .as("byte %d changed", position)
                    .isInstanceOf(SpoolFileException.class);
        }
    }

    @Test
    void everyTruncationIsCaught() {
        byte[] good = file(BATCH);
        for (int length = 0; length < good.length; length++) {
            byte[] cut = Arrays.copyOf(good, length);
            assertThatThrownBy(() -> SpoolFileFormat.decode(cut, BATCH.sequence()))
                    .as("cut to %d bytes", length)
                    .isInstanceOf(SpoolFileException.class);
        }
    }

    @Test
    void randomBytesAreNeverABatch() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            byte[] noise = new byte[random.nextInt(200)];
            random.nextBytes(noise);
            if (random.nextBoolean() && noise.length >= 8) {
                System.arraycopy("FPSPOOL1".getBytes(), 0, noise, 0, 8);
            }
            assertThatThrownBy(() -> SpoolFileFormat.decode(noise, 42)).isInstanceOf(SpoolFileException.class);
        }
    }

    @Test
    void anotherFormatVersionIsToldApart() {
        byte[] newer = file(BATCH);
        newer[7] = '2';
        assertThatThrownBy(() -> SpoolFileFormat.decode(newer, BATCH.sequence()))
                .isInstanceOf(SpoolFileException.UnknownVersion.class)
                .hasMessage("format version '2' of a different agent version; this agent reads version '1'");
    }

    @Test
    void theHeaderIsThirtySixBytesAndTheBodyFollowsUnchanged() {
        byte[] written = file(BATCH);
        assertThat(written).hasSize(36 + BATCH.body().length);
        assertThat(new String(written, 0, 8)).isEqualTo("FPSPOOL1");
        assertThat(Arrays.copyOfRange(written, 36, written.length)).isEqualTo(BATCH.body());
    }
}
