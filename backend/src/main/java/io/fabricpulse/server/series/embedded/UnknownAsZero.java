package io.fabricpulse.server.series.embedded;

/**
 * How FabricPulse's port files hold a double: its IEEE bits XOR the bits of rrd4j's "unknown"
 * ({@link Double#NaN}), so that unknown is stored as eight zero bytes.
 *
 * <p>Why: rrd4j fills every row of a new file with unknown. Stored plainly, a new file of the default
 * layout (1.3 MB per port) is written in full before its first update, and a fresh server meeting
 * 20,000 ports writes 26 GB before it can store the first minute. With unknown as zero bytes, a new
 * file is sparse: the mapped backend skips the fill's writes while rrd4j creates the file, so the
 * fill touches nothing and the disk holds only the rows written so far. The mapping is a bijection on the 64 bits, so every
 * value (including NaNs with other payloads) reads back exactly as written.
 */
final class UnknownAsZero {

    private static final long UNKNOWN_BITS = Double.doubleToRawLongBits(Double.NaN);

    private UnknownAsZero() {
    }

    static long encode(double value) {
        return Double.doubleToRawLongBits(value) ^ UNKNOWN_BITS;
    }

    static double decode(long stored) {
        return Double.longBitsToDouble(stored ^ UNKNOWN_BITS);
    }
}
