package io.fabricpulse.model.ingest;

/**
 * An enum field of long-lived per-port state as a byte: its ordinal + 1, 0 for none. A byte where a reference is 4
 * bytes, and a primitive store dirties no card for the young collections to scan. No enum kept so has more than 127
 * constants.
 */
public final class EnumCodes {

    private EnumCodes() {
    }

    /** The code of {@code value}: its ordinal + 1, 0 for null. */
    public static byte code(Enum<?> value) {
        return (byte) (value == null ? 0 : value.ordinal() + 1);
    }

    /** The constant {@link #code} made {@code code} of, null for 0. */
    public static <E extends Enum<E>> E of(E[] constants, byte code) {
        return code == 0 ? null : constants[code - 1];
    }
}
