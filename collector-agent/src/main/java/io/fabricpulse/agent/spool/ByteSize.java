package io.fabricpulse.agent.spool;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as operators write them and read them: {@code 256MiB}, {@code 1G}, {@code 500MB}, {@code 1048576}.
 * K, M, G and T alone are binary (1024-based), as systemd and most Unix tools read them; KiB, MiB, GiB and
 * TiB are binary by name; KB, MB, GB and TB are decimal.
 */
public final class ByteSize {

    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*(B|[KMGT](?:I?B)?)?", Pattern.CASE_INSENSITIVE);
    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB"};

    private ByteSize() {
    }

    /**
     * @throws IllegalArgumentException when {@code text} is not a size, or more than 2^63-1 bytes
     */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size; write a number and an optional unit,"
                    + " e.g. 256MiB, 1G, 500MB");
        }
        long number = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        if (unit.equals("B")) {
            return number;
        }
        int power = "KMGT".indexOf(unit.charAt(0)) + 1;
        boolean decimal = unit.length() == 2; // KB, MB, GB, TB; K and KiB are binary
        long base = decimal ? 1000 : 1024;
        long bytes = number;
        try {
            for (int i = 0; i < power; i++) {
                bytes = Math.multiplyExact(bytes, base);
            }
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is more bytes than any disk holds");
        }
        return bytes;
    }

    /** {@code 256 MiB}, {@code 1.5 GiB}, {@code 812 bytes}. */
    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
        return number + " " + UNITS[unit];
    }
}
