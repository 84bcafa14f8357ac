package io.fabricpulse.server.web.node;

import io.fabricpulse.model.ingest.PortCounter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A series the port page can chart: the data rates first (what a link carries), then every counter's rate.
 *
 * @param name  the series name the chart API takes ({@code counter=})
 * @param label what the picker shows
 * @param unit  the unit of its rate, for the axis: B/s, /s, pkt/s or ticks/s
 * @param steps drawn as steps, not a line between buckets: error counters, whose events come in bursts that a
 *              line would smear over the time between two buckets
 */
public record ChartCounter(String name, String label, String unit, boolean steps) {

    /** The default series: what the link carries. */
    public static final String DEFAULT = "XmitBytesPerSecond";

    /** Every chartable series, the data rates first. */
    public static final List<ChartCounter> ALL = all();

    /**
     * The series a port page opens on: the first of its alerts' counters (worst alert first) that is a chartable
     * series, else {@link #DEFAULT}. A rule that names several counters ("SymbolErrorCounter, PortRcvErrors") counts
     * with each.
     */
    public static String opening(List<String> alertCounters) {
        for (String counters : alertCounters) {
            if (counters == null) {
                continue;
            }
            for (String name : counters.split("[^A-Za-z0-9]+")) {
                if (ALL.stream().anyMatch(series -> series.name().equals(name))) {
                    return name;
                }
            }
        }
        return DEFAULT;
    }

    private static List<ChartCounter> all() {
        List<ChartCounter> all = new ArrayList<>();
        all.add(new ChartCounter(DEFAULT, "Transmitted bytes/s", "B/s", false));
        all.add(new ChartCounter("RcvBytesPerSecond", "Received bytes/s", "B/s", false));
        for (PortCounter counter : PortCounter.values()) {
            // Data counters count 4-byte words; the two byte series above say the same in bytes.
            if (counter.kind() != PortCounter.Kind.DATA) {
                String unit = switch (counter.kind()) {
                    case PACKETS -> "pkt/s";
                    case WAIT -> "ticks/s";
                    default -> "/s";
                };
                all.add(new ChartCounter(counter.ibaName(),
                        counter.ibaName() + " (" + counter.kind().name().toLowerCase(Locale.ROOT) + ")", unit,
                        counter.kind() == PortCounter.Kind.ERROR));
            }
        }
        return List.copyOf(all);
    }
}
