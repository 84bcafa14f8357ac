package io.fabricpulse.agent.mad;

/**
 * Big-endian bit-field access in a byte array, bit 0 being the most significant bit of byte 0 (the
 * numbering of the IBA layout tables). Callers check the array is long enough first: a MAD is
 * always validated to its full 256 bytes before a field is read.
 */
final class MadBits {

    private MadBits() {
    }

    static long get(byte[] data, int bitOffset, int bitWidth) {
        if ((bitOffset & 7) == 0 && (bitWidth & 7) == 0) {
            long value = 0;
            for (int i = bitOffset >> 3, end = i + (bitWidth >> 3); i < end; i++) {
                value = (value << 8) | (data[i] & 0xff);
            }
            return value;
        }
        long value = 0;
        for (int bit = bitOffset, end = bitOffset + bitWidth; bit < end; bit++) {
            value = (value << 1) | ((data[bit >> 3] >> (7 - (bit & 7))) & 1);
        }
        return value;
    }

    static void put(byte[] data, int bitOffset, int bitWidth, long value) {
        for (int i = 0; i < bitWidth; i++) {
            int bit = bitOffset + bitWidth - 1 - i;
            int mask = 1 << (7 - (bit & 7));
            if (((value >>> i) & 1) != 0) {
                data[bit >> 3] |= (byte) mask;
            } else {
                data[bit >> 3] &= (byte) ~mask;
            }
        }
    }
}
