package io.fabricpulse.server.rates;

import com.fasterxml.jackson.annotation.JsonValue;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The windows kept in memory per port for alerting and worst-ports queries, each answered from the
 * ring of {@link WindowBuckets} whose buckets suit its length.
 */
public enum RateWindow {
    ONE_MINUTE("1m", Duration.ofMinutes(1), 0),
    FIVE_MINUTES("5m", Duration.ofMinutes(5), 0),
    ONE_HOUR("1h", Duration.ofHours(1), 1),
    ONE_DAY("24h", Duration.ofHours(24), 2);

    private final String label;
    private final Duration length;
    private final int tier;

    RateWindow(String label, Duration length, int tier) {
        this.label = label;
        this.length = length;
        this.tier = tier;
    }

    /** As the API writes it: {@code 1m}, {@code 5m}, {@code 1h}, {@code 24h}. */
    @JsonValue
    public String label() {
        return label;
    }

    public Duration length() {
        return length;
    }

    /** Which ring of {@link WindowBuckets} answers this window. */
    int tier() {
        return tier;
    }

    /** The window labelled {@code label}, or null. */
    public static RateWindow ofLabel(String label) {
        return Arrays.stream(values()).filter(w -> w.label.equals(label)).findFirst().orElse(null);
    }

    /** All labels, comma-separated, for error messages. */
    public static String labels() {
        return Arrays.stream(values()).map(RateWindow::label).collect(Collectors.joining(", "));
    }
}
