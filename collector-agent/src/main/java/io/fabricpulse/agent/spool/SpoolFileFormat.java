package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.push.EncodedBatch;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The content of one spool file: a fixed header, then the batch's request body exactly as it was first
 * encoded (gzip JSON), so a replay sends the same bytes. All numbers big-endian.
 * <pre>
 *  0  8  magic "FPSPOOL1" (the last character is the format version)
 *  8  8  sequence number (must match the file name)
 * 16  8  collectedAt, seconds since the epoch
 * 24  4  collectedAt, nanoseconds within the second
 * 28  4  length of the body in bytes
 * 32  4  CRC-32C of bytes 8..31 and the body
 * 36  …  the body
 * </pre>
 * The rename that publishes a file makes torn writes impossible in normal operation; the length and the
 * checksum catch what remains (a disk or filesystem that loses or flips data, a file cut by hand).
 */
final class SpoolFileFormat {

    static final int HEADER_BYTES = 36;

    private static final byte[] MAGIC = "FPSPOOL1".getBytes(StandardCharsets.US_ASCII);
    /** The magic without its version digit: a file starting so was written by some agent version. */
    private static final int FAMILY_BYTES = MAGIC.length - 1;
    private static final int CHECKED_HEADER_FROM = 8;
    private static final int CHECKED_HEADER_TO = 32;

    /** What the header of a file says. */
    record Header(long sequence, Instant collectedAt, int bodyBytes, int checksum) {
    }

    private SpoolFileFormat() {
    }

    /** The header for {@code batch}; written before its body. */
    static ByteBuffer header(EncodedBatch batch) {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
        header.put(MAGIC)
                .putLong(batch.sequence())
                .putLong(batch.collectedAt().getEpochSecond())
                .putInt(batch.collectedAt().getNano())
                .putInt(batch.body().length);
        header.putInt(checksum(header.array(), batch.body(), 0, batch.body().length));
        return header.flip();
    }

    /**
     * Reads and checks a header.
     *
     * @param fileBytes        the size of the whole file
     * @param expectedSequence the sequence number the file name gives
     * @throws SpoolFileException saying what is wrong
     */
    static Header readHeader(byte[] start, long fileBytes, long expectedSequence) throws SpoolFileException {
        if (fileBytes < HEADER_BYTES || start.length < HEADER_BYTES) {
            throw new SpoolFileException("only " + fileBytes + " bytes, less than the " + HEADER_BYTES + "-byte header");
        }
        if (!Arrays.equals(start, 0, FAMILY_BYTES, MAGIC, 0, FAMILY_BYTES)) {
            throw new SpoolFileException("not a spool file (no FPSPOOL header)");
        }
        if (start[FAMILY_BYTES] != MAGIC[FAMILY_BYTES]) {
            throw new SpoolFileException.UnknownVersion("format version '" + (char) (start[FAMILY_BYTES] & 0xff)
                    + "' of a different agent version; this agent reads version '1'");
        }
        ByteBuffer header = ByteBuffer.wrap(start, 0, HEADER_BYTES).position(MAGIC.length);
        long sequence = header.getLong();
        long seconds = header.getLong();
        int nanos = header.getInt();
        int bodyBytes = header.getInt();
        int checksum = header.getInt();
        if (sequence != expectedSequence) {
            throw new SpoolFileException("holds batch " + sequence + ", its name says " + expectedSequence);
        }
        if (bodyBytes < 0 || fileBytes != HEADER_BYTES + (long) bodyBytes) {
            throw new SpoolFileException("header announces " + bodyBytes + " bytes of batch, the file holds "
                    + (fileBytes - HEADER_BYTES) + " (cut short or overwritten)");
        }
        Instant collectedAt;
        try {
            if (nanos < 0 || nanos > 999_999_999) {
                throw new DateTimeException("nanoseconds " + nanos);
            }
            collectedAt = Instant.ofEpochSecond(seconds, nanos);
        } catch (DateTimeException e) {
            throw new SpoolFileException("collection time out of range (" + e.getMessage() + ")");
        }
        return new Header(sequence, collectedAt, bodyBytes, checksum);
    }

    /**
     * The batch a whole file holds, header and checksum checked.
     *
     * @throws SpoolFileException saying what is wrong
     */
    static EncodedBatch decode(byte[] file, long expectedSequence) throws SpoolFileException {
        Header header = readHeader(file, file.length, expectedSequence);
        int actual = checksum(file, file, HEADER_BYTES, header.bodyBytes());
        if (actual != header.checksum()) {
            throw new SpoolFileException("checksum mismatch (stored " + Integer.toHexString(header.checksum())
                    + ", computed " + Integer.toHexString(actual) + "): the data changed on disk");
        }
        return new EncodedBatch(header.sequence(), header.collectedAt(),
                Arrays.copyOfRange(file, HEADER_BYTES, file.length));
    }

    private static int checksum(byte[] headerBytes, byte[] body, int bodyOffset, int bodyLength) {
        CRC32C crc = new CRC32C();
        crc.update(headerBytes, CHECKED_HEADER_FROM, CHECKED_HEADER_TO - CHECKED_HEADER_FROM);
        crc.update(body, bodyOffset, bodyLength);
        return (int) crc.getValue();
    }
}
