package io.fabricpulse.model.ingest;

import java.util.HexFormat;

/** The one text form of a GUID in FabricPulse: {@code 0x} and 16 lower-case hex digits. */
public final class Guids {

    private static final int CANONICAL_LENGTH = 18;

    private Guids() {
    }

    public static String format(long guid) {
        return "0x" + HexFormat.of().toHexDigits(guid);
    }

    /** {@code 0x} and 16 lower-case hex digits; without a regex, as ingest asks it of every GUID of every batch. */
    public static boolean isCanonical(String text) {
        if (text == null || text.length() != CANONICAL_LENGTH || !text.startsWith("0x")) {
            return false;
        }
        for (int i = 2; i < CANONICAL_LENGTH; i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses the spellings the tools use: {@code 0x0002c903003178f0}, {@code 0002c903003178f0},
     * sysfs's {@code 0002:c903:0031:78f0}, ibnetdiscover's {@code 2c90200410d02} (leading zeros dropped).
     *
     * @throws IllegalArgumentException when the text is not a GUID
     */
    public static long parse(String text) {
        String hex = text.strip().replace(":", "");
        if (hex.startsWith("0x") || hex.startsWith("0X")) {
            hex = hex.substring(2);
        }
        if (hex.isEmpty() || hex.length() > 16) {
            throw new IllegalArgumentException("not a GUID: '" + text + "'");
        }
        try {
            return Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a GUID: '" + text + "'", e);
        }
    }
}
