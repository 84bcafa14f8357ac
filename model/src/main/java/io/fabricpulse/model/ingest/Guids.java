package io.fabricpulse.model.ingest;

import java.util.HexFormat;
import java.util.regex.Pattern;

/** The one text form of a GUID in FabricPulse: {@code 0x} and 16 lower-case hex digits. */
public final class Guids {

    private static final Pattern CANONICAL = Pattern.compile("0x[0-9a-f]{16}");

    private Guids() {
    }

    public static String format(long guid) {
        return "0x" + HexFormat.of().toHexDigits(guid);
    }

    public static boolean isCanonical(String text) {
        return text != null && CANONICAL.matcher(text).matches();
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
