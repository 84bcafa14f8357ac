package io.fabricpulse.agent.mad;

/**
 * One field of a MAD attribute, as IBA lays it out: a big-endian bit range counted from the most
 * significant bit of the attribute's first byte. Each attribute is an enum of these in the order
 * the infiniband-diags tools print them, so one table drives decoding, printing and the counter
 * widths (the idea of rdma-core's {@code libibmad/fields.c}).
 */
public interface MadField {

    /** Where the field sits and how it prints. */
    record Spec(int bitOffset, int bitWidth, FieldFormat format) {
        public Spec {
            if (bitOffset < 0 || bitWidth < 1 || bitWidth > 64) {
                throw new IllegalArgumentException("field at bit " + bitOffset + " of width " + bitWidth);
            }
        }
    }

    /** The enum constant's name; every field table names its constants as infiniband-diags prints them. */
    String name();

    Spec spec();

    /** The name infiniband-diags prints, e.g. {@code SymbolErrorCounter}. */
    default String label() {
        return name();
    }

    /** Offset of the field's most significant bit from the start of the attribute data. */
    default int bitOffset() {
        return spec().bitOffset();
    }

    /** Width in bits, 1..64. */
    default int bitWidth() {
        return spec().bitWidth();
    }

    /** How the value is printed. */
    default FieldFormat format() {
        return spec().format();
    }

    /** The largest value the field can hold: where a counter of this width latches. */
    default long maxValue() {
        return bitWidth() == 64 ? -1L : (1L << bitWidth()) - 1;
    }

    /** Reads this field from {@code data}, whose attribute starts at {@code base}. */
    default long get(byte[] data, int base) {
        return MadBits.get(data, base * 8 + bitOffset(), bitWidth());
    }

    /** Writes {@code value} (its low {@link #bitWidth()} bits) into {@code data} at {@code base}. */
    default void set(byte[] data, int base, long value) {
        MadBits.put(data, base * 8 + bitOffset(), bitWidth(), value);
    }
}
