package io.fabricpulse.server.series.embedded;

/**
 * How a slot directory stores a double: its IEEE bits XOR the bits of {@link Double#NaN}, so that unknown
 * (NaN) is eight zero bytes.
 *
 * <p>Why: "unknown" is a value the format needs (a gap, a row never written), and zero bytes are what a
 * file holds where nothing was written. So group files are created sparse and a new slot's rows read as
 * unknown without a byte being written, while 0.0, a common rate, stays a value of its own. The mapping is
 * a bijection on the 64 bits: every double, NaNs of other payloads included, reads back as written.
 */
final class StoredDouble {

    private static final long UNKNOWN_BITS = Double.doubleToRawLongBits(Double.NaN);

    private StoredDouble() {
    }

    static long encode(double value) {
        return Double.doubleToRawLongBits(value) ^ UNKNOWN_BITS;
    }

    static double decode(long stored) {
        return Double.longBitsToDouble(stored ^ UNKNOWN_BITS);
    }
}
