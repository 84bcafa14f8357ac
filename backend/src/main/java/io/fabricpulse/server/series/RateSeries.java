package io.fabricpulse.server.series;

import io.fabricpulse.model.ingest.PortCounter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One series a store keeps per port: the rate of one IBA counter (events/s, named as perfquery
 * names the counter) or a rate derived from counters (bytes/s). The set is closed: it is derived
 * from {@link PortCounter}, so a counter added there becomes a series here, and stores with a fixed
 * layout (the embedded store's slots) keep it in directories made after it was added.
 *
 * <p>Instances are canonical: compare them with {@code ==} or {@code equals}, both work.
 */
public final class RateSeries implements Comparable<RateSeries> {

    /** Transmitted data in bytes/s (PortXmitData counts 4-byte words; this is words x 4). */
    public static final RateSeries XMIT_BYTES_PER_SECOND =
            new RateSeries("XmitBytesPerSecond", PortCounter.values().length);
    /** Received data in bytes/s (PortRcvData words x 4). */
    public static final RateSeries RCV_BYTES_PER_SECOND =
            new RateSeries("RcvBytesPerSecond", PortCounter.values().length + 1);

    private static final List<RateSeries> ALL;
    private static final Map<String, RateSeries> BY_NAME;

    static {
        List<RateSeries> all = new ArrayList<>();
        for (PortCounter counter : PortCounter.values()) {
            all.add(new RateSeries(counter.ibaName(), all.size()));
        }
        all.add(XMIT_BYTES_PER_SECOND);
        all.add(RCV_BYTES_PER_SECOND);
        Map<String, RateSeries> byName = new LinkedHashMap<>();
        all.forEach(s -> byName.put(s.name, s));
        ALL = Collections.unmodifiableList(all);
        BY_NAME = Collections.unmodifiableMap(byName);
    }

    private final String name;
    private final int index;

    private RateSeries(String name, int index) {
        this.name = name;
        this.index = index;
    }

    /** Every series, counters in {@link PortCounter} order, then the derived ones. */
    public static List<RateSeries> all() {
        return ALL;
    }

    /** The series of {@code counter}'s rate. */
    public static RateSeries of(PortCounter counter) {
        return ALL.get(counter.ordinal()); // counters come first, in PortCounter order
    }

    /** The series named {@code name}; a precise error naming the known series otherwise. */
    public static RateSeries named(String name) {
        Objects.requireNonNull(name, "series name");
        RateSeries series = BY_NAME.get(name);
        if (series == null) {
            throw new IllegalArgumentException("unknown series '" + PortSeriesKey.printable(name)
                    + "'; known: " + String.join(", ", BY_NAME.keySet()));
        }
        return series;
    }

    /** The IBA counter name or the derived series' name; also the InfluxDB field and the embedded store's name for it. */
    public String name() {
        return name;
    }

    /** Position in {@link #all()}, for array-indexed storage. */
    public int index() {
        return index;
    }

    @Override
    public int compareTo(RateSeries other) {
        return Integer.compare(index, other.index);
    }

    @Override
    public String toString() {
        return name;
    }
}
