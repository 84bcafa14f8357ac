package io.fabricpulse.server.series;

import io.fabricpulse.model.ingest.PortHash;

import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;

/**
 * The port a series belongs to. The GUID is kept in one canonical spelling ({@code 0x} and 16
 * lower-case hex digits) because it names files on disk and tags in InfluxDB: two spellings of one
 * port must never become two series.
 *
 * @param nodeGuid   node GUID, {@code 0x} + 16 hex digits (upper case is accepted and lowered)
 * @param portNumber port number, 0 (a switch's management port) to 254
 */
public record PortSeriesKey(String nodeGuid, int portNumber) implements Comparable<PortSeriesKey> {

    /** 255 is not a port: it is PerfMgt's "all ports" selector. */
    public static final int MAX_PORT = 254;

    private static final int GUID_LENGTH = 18;
    private static final Comparator<PortSeriesKey> ORDER =
            Comparator.comparing(PortSeriesKey::nodeGuid).thenComparingInt(PortSeriesKey::portNumber);

    public PortSeriesKey {
        Objects.requireNonNull(nodeGuid, "nodeGuid");
        String canonical = nodeGuid.toLowerCase(Locale.ROOT);
        if (!isGuid(canonical)) {
            throw new IllegalArgumentException("node GUID must be 0x followed by 16 hex digits, got '"
                    + printable(nodeGuid) + "'");
        }
        if (portNumber < 0 || portNumber > MAX_PORT) {
            throw new IllegalArgumentException("port number must be 0.." + MAX_PORT + ", got " + portNumber
                    + " (node " + canonical + ")");
        }
        nodeGuid = canonical;
    }

    /**
     * {@code 0x} and 16 lower-case hex digits. A loop, not a regular expression: a key is made for every
     * stored sample, and this check was a visible share of the ingest worker's time.
     */
    private static boolean isGuid(String guid) {
        if (guid.length() != GUID_LENGTH || !guid.startsWith("0x")) {
            return false;
        }
        for (int i = 2; i < GUID_LENGTH; i++) {
            char c = guid.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    /** The 16 hex digits without {@code 0x}. */
    public String guidDigits() {
        return nodeGuid.substring(2);
    }

    /** Spread: ports of nodes with GUIDs in sequence must not share bins ({@link PortHash}). */
    @Override
    public int hashCode() {
        return PortHash.of(nodeGuid, portNumber);
    }

    /** Spelt out: {@link PortHash#same} says why. */
    @Override
    public boolean equals(Object other) {
        return other instanceof PortSeriesKey that && PortHash.same(nodeGuid, portNumber, that.nodeGuid, that.portNumber);
    }

    @Override
    public int compareTo(PortSeriesKey other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return nodeGuid + "[" + portNumber + "]";
    }

    /** Hostile input is echoed in error messages: cut it short and make control characters visible. */
    static String printable(String text) {
        String cut = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        StringBuilder out = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
