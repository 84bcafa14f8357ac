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
 */
public record ChartCounter(String name, String label, String unit) {

    /** The default series: what the link carries. */
    public static final String DEFAULT = "XmitBytesPerSecond";

    /** Every chartable series, the data rates first. */
    public static final List<ChartCounter> ALL = all();

    private static List<ChartCounter> all() {
        List<ChartCounter> all = new ArrayList<>();
        all.add(new ChartCounter(DEFAULT, "Transmitted bytes/s", "B/s"));
        all.add(new ChartCounter("RcvBytesPerSecond", "Received bytes/s", "B/s"));
        for (PortCounter counter : PortCounter.values()) {
            // Data counters count 4-byte words; the two byte series above say the same in bytes.
            if (counter.kind() != PortCounter.Kind.DATA) {
                String unit = switch (counter.kind()) {
                    case PACKETS -> "pkt/s";
                    case WAIT -> "ticks/s";
                    default -> "/s";
                };
                all.add(new ChartCounter(counter.ibaName(),
                        counter.ibaName() + " (" + counter.kind().name().toLowerCase(Locale.ROOT) + ")", unit));
            }
        }
        return List.copyOf(all);
    }
}
