package io.fabricpulse.server.web;

import io.fabricpulse.model.devices.KnownDevice;
import io.fabricpulse.model.devices.KnownDevices;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Turns the numbers and times of the fabric into the text people read. Every page formats here, on the
 * server; the live JSON carries the same text, and the browser only places it. That is how a
 * server-rendered cell and a live-updated cell can never disagree.
 *
 * <p>Units:
 * <ul>
 *   <li>event rates (errors, discards): events per second, three significant digits, SI prefixes
 *       above 1,000 ({@code 0.1}, {@code 12.3}, {@code 1.23k}); exactly {@code 0} when nothing happened;
 *       {@code <0.001} for a non-zero rate too small to show; a dash when there is no valid rate
 *       (first sample, counter reset, counter saturated).</li>
 *   <li>throughput: bytes per second with decimal SI prefixes (1 kB = 1,000 B), so that it compares
 *       directly with link rates quoted in Gb/s ({@code 12.5 GB/s} = 100 Gb/s), three significant digits.</li>
 *   <li>counter values: every digit, thousands separated by {@code ,} ({@code 1,234,567}).</li>
 *   <li>times: {@code HH:mm:ss} in the configured zone; the full instant goes into {@code datetime}
 *       attributes as ISO-8601 UTC.</li>
 * </ul>
 * Decimal separator is always {@code .}, whatever the server's locale, because the JSON carries the text.
 */
public final class DisplayFormat {

    /** Shown where a value is unknown. */
    public static final String MISSING = "—";

    private static final MathContext THREE_DIGITS = new MathContext(3, RoundingMode.HALF_UP);
    private static final String[] RATE_PREFIXES = {"", "k", "M", "G", "T"};
    private static final String[] BYTE_UNITS = {" B/s", " kB/s", " MB/s", " GB/s", " TB/s", " PB/s"};
    private static final double SMALLEST_RATE = 0.001;

    private final ZoneId zone;
    private final DateTimeFormatter clock;
    private final DateTimeFormatter dateTime;

    public DisplayFormat(ZoneId zone) {
        this.zone = zone;
        this.clock = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(zone);
        this.dateTime = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(zone);
    }

    /** An event rate in events per second (see the class comment for the rules). */
    public String rate(Double perSecond) {
        if (perSecond == null || !Double.isFinite(perSecond) || perSecond < 0) {
            // A negative rate is a counter reset, which has no rate; the rates stage never reports one.
            return MISSING;
        }
        if (perSecond == 0) {
            return "0";
        }
        if (perSecond < SMALLEST_RATE) {
            return "<0.001";
        }
        return threeSignificant(perSecond, RATE_PREFIXES);
    }

    /**
     * A counter's value (unsigned 64 bits, as perfquery prints it) with thousands separators: {@code 1,234,567}.
     * A NOC reads the size of a raw counter at a glance; digits in a row of nine are miscounted.
     */
    public static String count(long unsigned) {
        return unsigned >= 0 ? String.format(Locale.ROOT, "%,d", unsigned)
                : String.format(Locale.ROOT, "%,d", new BigInteger(Long.toUnsignedString(unsigned)));
    }

    /** A throughput in bytes per second, decimal prefixes: {@code 512 B/s}, {@code 1.23 kB/s}, {@code 12.5 GB/s}. */
    public String bytesPerSecond(Double bytesPerSecond) {
        if (bytesPerSecond == null || !Double.isFinite(bytesPerSecond) || bytesPerSecond < 0) {
            return MISSING;
        }
        if (bytesPerSecond == 0) {
            return "0" + BYTE_UNITS[0];
        }
        if (bytesPerSecond < 1) {
            return "<1" + BYTE_UNITS[0];
        }
        return threeSignificant(bytesPerSecond, BYTE_UNITS);
    }

    /** A time of day in the configured zone, {@code HH:mm:ss}; a dash for null. */
    public String time(Instant instant) {
        return instant == null ? MISSING : clock.format(instant);
    }

    /** A date and time in the configured zone, {@code yyyy-MM-dd HH:mm:ss}, for history older than today; a dash for null. */
    public String dateTime(Instant instant) {
        return instant == null ? MISSING : dateTime.format(instant);
    }

    /**
     * How long ago {@code then} was at {@code now}, in the two largest units a person reads at a glance: "42 s
     * ago", "8 min ago", "3 h 5 min ago", "2 d 4 h ago"; a dash for null.
     */
    public String age(Instant then, Instant now) {
        if (then == null) {
            return MISSING;
        }
        long seconds = Math.max(0, java.time.Duration.between(then, now).toSeconds());
        if (seconds < 60) {
            return seconds + " s ago";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            return minutes + " min ago";
        }
        long hours = minutes / 60;
        if (hours < 24) {
            return hours + " h " + minutes % 60 + " min ago";
        }
        return hours / 24 + " d " + hours % 24 + " h ago";
    }

    /** The full instant for {@code datetime} attributes (ISO-8601, UTC); null for null. */
    public String isoTime(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    /**
     * The zone times are shown in: "UTC" or the region id ("Europe/Berlin"). Not an abbreviation: "CET"
     * is wrong half the year, and ZoneOffset.UTC would name itself "Z".
     */
    public String zoneLabel() {
        return zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    public String nodeType(NodeType type) {
        if (type == null) {
            return MISSING;
        }
        return switch (type) {
            case CA -> "CA";
            case SWITCH -> "Switch";
            case ROUTER -> "Router";
        };
    }

    /** Logical port state as sysfs and ibstat name it. */
    public String portState(PortState state) {
        if (state == null) {
            return MISSING;
        }
        return switch (state) {
            case DOWN -> "Down";
            case INIT -> "Init";
            case ARMED -> "Armed";
            case ACTIVE -> "Active";
        };
    }

    /** Physical port state as sysfs and iblinkinfo name it. */
    public String physicalState(PhysicalState state) {
        if (state == null) {
            return MISSING;
        }
        return switch (state) {
            case SLEEP -> "Sleep";
            case POLLING -> "Polling";
            case DISABLED -> "Disabled";
            case TRAINING -> "Training";
            case LINK_UP -> "LinkUp";
            case LINK_ERROR_RECOVERY -> "LinkErrorRecovery";
            case PHY_TEST -> "PhyTest";
        };
    }

    /** Active width and speed as the tools print them together: {@code 4X EDR}; a dash when the link is down. */
    public String link(String width, String speed) {
        if (width == null && speed == null) {
            return MISSING;
        }
        if (width == null || speed == null) {
            return width == null ? speed : width;
        }
        return width + " " + speed;
    }

    /**
     * A port's link as people read it: {@code 4X EDR} for InfiniBand, {@code Ethernet 25 Gb/s} for a RoCE port
     * (the kernel's "1X EDR" for 25GbE is no InfiniBand link), a dash when down.
     */
    public String link(PortView port) {
        if (port.ethernet()) {
            return port.linkRateGbps() == null ? "Ethernet" : "Ethernet " + number(port.linkRateGbps()) + " Gb/s";
        }
        return link(port.linkWidth(), port.linkSpeed());
    }

    /** What a port supports and has enabled: {@code 1X/4X, SDR–EDR}; "capability unknown" when its source cannot say. */
    public String capability(PortCapability capability) {
        if (!capability.knowsWidths() && !capability.knowsSpeeds()) {
            return "capability unknown";
        }
        String widths = capability.widths().stream().sorted(Comparator.comparingInt(LinkWidth::lanes))
                .map(LinkWidth::label).collect(Collectors.joining("/"));
        List<LinkSpeed> speeds = capability.speeds().stream().sorted(Comparator.comparingDouble(LinkSpeed::laneGbps))
                .toList();
        String speedText = speeds.isEmpty() ? "?" : speeds.size() == 1 ? speeds.getFirst().name()
                : speeds.getFirst().name() + "–" + speeds.getLast().name();
        return (widths.isEmpty() ? "?" : widths) + ", " + speedText;
    }

    /** A node's model: the known device's name, else the reported HCA type, else its raw ids, else a dash. */
    public String model(NodeView node) {
        Optional<KnownDevice> known = KnownDevices.find(node.vendorId(), node.deviceId(), node.hcaType());
        if (known.isPresent()) {
            return known.get().model();
        }
        if (node.hcaType() != null && !node.hcaType().isBlank()) {
            return node.hcaType();
        }
        if (node.deviceId() != null) {
            return "device 0x%04x".formatted(node.deviceId())
                    + (node.vendorId() == null ? "" : " of vendor 0x%06x".formatted(node.vendorId()));
        }
        return MISSING;
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** Three significant digits, moving to the next prefix when rounding reaches 1,000. */
    private static String threeSignificant(double value, String[] units) {
        int unit = 0;
        double scaled = value;
        while (unit < units.length - 1 && round(scaled).compareTo(BigDecimal.valueOf(1000)) >= 0) {
            scaled /= 1000;
            unit++;
        }
        return round(scaled).stripTrailingZeros().toPlainString() + units[unit];
    }

    private static BigDecimal round(double value) {
        return new BigDecimal(value).round(THREE_DIGITS);
    }
}
