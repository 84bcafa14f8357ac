package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The PromQL this store sends, and the label names it writes: every rate is one series of
 * {@code <metric>{node_guid, port, series}} (plus the configured external labels), so one metric
 * holds every counter and a worst-ports query is one {@code topk} over it.
 */
final class PromQl {

    static final String NODE_GUID = "node_guid";
    static final String PORT = "port";
    static final String SERIES = "series";
    static final Set<String> OWN_LABELS = Set.of(NODE_GUID, PORT, SERIES);

    private final String metric;
    private final Map<String, String> externalLabels;

    PromQl(String metric, Map<String, String> externalLabels) {
        this.metric = metric;
        this.externalLabels = new TreeMap<>(externalLabels);
    }

    /** The raw points of one port's series over the {@code range} before the evaluation time. */
    String rawPoints(PortSeriesKey port, RateSeries series, Duration range) {
        return selector(port, series) + "[" + range.toMillis() + "ms]";
    }

    /** One consolidated value per step, evaluated at each bucket's end (see {@link PrometheusSeriesStore}). */
    String consolidated(PortSeriesKey port, RateSeries series, Consolidation consolidation, Duration step) {
        return function(consolidation) + "(" + selector(port, series) + "[" + step.toMillis() + "ms])";
    }

    /** The {@code limit} ports with the highest consolidated value over {@code window} before the evaluation time. */
    String worst(RateSeries series, Consolidation consolidation, Duration window, int limit) {
        return "topk(" + limit + ", " + function(consolidation) + "(" + metric + matchers(series, null) + "["
                + window.toMillis() + "ms]))";
    }

    private String selector(PortSeriesKey port, RateSeries series) {
        return metric + matchers(series, port);
    }

    private String matchers(RateSeries series, PortSeriesKey port) {
        StringBuilder out = new StringBuilder("{");
        externalLabels.forEach((name, value) -> out.append(name).append('=').append(quoted(value)).append(','));
        if (port != null) {
            out.append(NODE_GUID).append('=').append(quoted(port.nodeGuid())).append(',')
                    .append(PORT).append('=').append(quoted(Integer.toString(port.portNumber()))).append(',');
        }
        return out.append(SERIES).append('=').append(quoted(series.name())).append('}').toString();
    }

    private static String function(Consolidation consolidation) {
        return switch (consolidation) {
            case AVERAGE -> "avg_over_time";
            case MAX -> "max_over_time";
        };
    }

    /** A PromQL string literal: backslash, quote and line breaks escaped as Go does. */
    static String quoted(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
