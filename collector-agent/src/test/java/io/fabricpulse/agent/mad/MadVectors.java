package io.fabricpulse.agent.mad;

import java.util.HexFormat;

/** Builds response datagrams byte by byte from the IBA layout tables, independent of the field enums. */
final class MadVectors {

    private MadVectors() {
    }

    /** A GetResp header for {@code request}, status 0, with its TID copied. */
    static byte[] responseTo(MadRequest request) {
        byte[] mad = request.withTransactionId(0x1234_5678L);
        mad[3] = (byte) 0x81;
        return mad;
    }

    /** Writes {@code hex} into the attribute data at {@code dataOffset} (bytes from 64). */
    static void data(byte[] mad, int dataOffset, String hex) {
        byte[] bytes = HexFormat.of().parseHex(hex.replace(" ", ""));
        System.arraycopy(bytes, 0, mad, 64 + dataOffset, bytes.length);
    }
}
