package io.fabricpulse.agent.sysfs;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parsers for the text the kernel writes into {@code /sys/class/infiniband} (drivers/infiniband/core/sysfs.c).
 * Each accepts exactly the kernel's format, after the trailing newline is stripped, and says precisely
 * what is wrong with anything else.
 */
final class SysfsValues {

    /** "4: ACTIVE", "5: LinkUp", "1: CA", "0: <unknown>": the number is what counts, the name is decoration. */
    private static final Pattern NUMBERED = Pattern.compile("(\\d{1,3}):.*");
    /** "0x2", "0xffff": lid and sm_lid are printed with %x. */
    private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]{1,4})");
    /** Decimal, as show_pma_counter prints it (%u / %llu). */
    private static final Pattern DECIMAL = Pattern.compile("\\d+");
    /**
     * rate_show: "%d%s Gb/sec (%dX%s)" — e.g. "2.5 Gb/sec (1X SDR)", "200 Gb/sec (4X HDR)". Kernels before
     * 5.x print SDR without a name ("10 Gb/sec (4X)").
     */
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.5)?) Gb/sec \\((\\d{1,2})X(?: ([A-Z0-9]+))?\\)");
    private static final int MAX_SHOWN = 40;

    private SysfsValues() {
    }

    /** The leading code of a "code: name" file (state, phys_state, node_type). */
    static int code(String text) throws BadValueException {
        Matcher m = NUMBERED.matcher(text);
        if (!m.matches()) {
            throw new BadValueException("format", "expected 'number: name', found " + show(text));
        }
        return Integer.parseInt(m.group(1));
    }

    /** A 16-bit LID as "0x…". */
    static int lid(String text) throws BadValueException {
        Matcher m = HEX.matcher(text);
        if (!m.matches()) {
            throw new BadValueException("format", "expected a 16-bit hex LID like 0x1a, found " + show(text));
        }
        return Integer.parseInt(m.group(1), 16);
    }

    /**
     * A counter value: an unsigned decimal. Values past {@link Long#MAX_VALUE} are refused: the ingest
     * schema carries signed 64-bit numbers, and a 64-bit data counter needs centuries at 400 Gb/s to get there.
     */
    static long counter(String text) throws BadValueException {
        if (text.isEmpty()) {
            throw new BadValueException("empty", "empty file");
        }
        if (!DECIMAL.matcher(text).matches()) {
            throw text.startsWith("-")
                    ? new BadValueException("negative", "negative value " + show(text))
                    : new BadValueException("format", "not a decimal counter value: " + show(text));
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new BadValueException("overflow", "value " + show(text) + " is beyond 2^63-1");
        }
    }

    /** A small decimal such as an interface's type, MTU or dev_port. */
    static long decimal(String text) throws BadValueException {
        if (!DECIMAL.matcher(text).matches() || text.length() > 9) {
            throw new BadValueException("format", "expected a decimal number, found " + show(text));
        }
        return Long.parseLong(text);
    }

    /** Active width and speed from a rate file. */
    static LinkRate rate(String text) throws BadValueException {
        Matcher m = RATE.matcher(text);
        if (!m.matches()) {
            throw new BadValueException("format", "expected a rate like '100 Gb/sec (4X EDR)', found " + show(text));
        }
        LinkWidth width = LinkWidth.ofLabel(m.group(2) + "X");
        if (width == null) {
            throw new BadValueException("width", "unknown link width " + m.group(2) + "X in " + show(text));
        }
        String speedName = m.group(3);
        LinkSpeed speed = speedName == null ? LinkSpeed.SDR : LinkSpeed.ofName(speedName);
        if (speed == null) {
            throw new BadValueException("speed", "unknown link speed " + speedName + " in " + show(text));
        }
        return new LinkRate(width, speed, Double.parseDouble(m.group(1)));
    }

    /**
     * Free text (node_desc, fw_ver, hca_type, board_id) made safe to forward: control characters become
     * spaces (a newline would forge log lines and fail the server's validation), surrounding blanks go,
     * and the length is capped (the kernel's node_desc is at most 64 bytes).
     */
    static String text(String raw, int maxLength) {
        StringBuilder sb = new StringBuilder(Math.min(raw.length(), maxLength));
        raw.codePoints().limit(maxLength).forEach(cp -> sb.appendCodePoint(
                Character.isISOControl(cp) || cp == '\uFFFD' ? ' ' : cp));
        return sb.toString().strip();
    }

    /** A value quoted for a log line: control characters escaped, long values cut. */
    static String show(String text) {
        String cut = text.length() > MAX_SHOWN ? text.substring(0, MAX_SHOWN) + "…" : text;
        StringBuilder sb = new StringBuilder("'");
        cut.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp)) {
                sb.append(String.format("\\x%02x", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.append('\'').toString();
    }
}
