package io.fabricpulse.server.metrics;

import io.prometheus.metrics.model.snapshots.Unit;

import java.util.function.ToDoubleFunction;

/**
 * One metric family of the fabric endpoint.
 *
 * @param name    the Prometheus name; counters without {@code _total} (the writer adds it)
 * @param help    what it means, for {@code # HELP}
 * @param unit    the OpenMetrics unit the name ends with, null for none
 * @param counter counter (monotonic, for {@code rate()}) or gauge
 * @param group   the group that switches it on and off
 * @param value   its value at one port, {@code NaN} when the port has none (no sample is written)
 * @param links   how the two ends of a cable become one value in {@link MetricScope#LINK}
 */
record FabricMetric(String name, String help, Unit unit, boolean counter, MetricGroup group,
                    ToDoubleFunction<PortSide> value, Combine links) {

    /** Two ends' values into one: {@code NaN} on one side takes the other. */
    enum Combine {
        /** Counters: events on the cable, whichever end counted them. */
        SUM,
        /** Gauges where higher is worse (utilisation, wait, BER, alert severity). */
        MAX,
        /** Gauges where lower is worse (state, width, speed). */
        MIN;

        double of(double a, double b) {
            if (Double.isNaN(a)) {
                return b;
            }
            if (Double.isNaN(b)) {
                return a;
            }
            return switch (this) {
                case SUM -> a + b;
                case MAX -> Math.max(a, b);
                case MIN -> Math.min(a, b);
            };
        }
    }

    double valueOf(PortSide one, PortSide other) {
        double first = value.applyAsDouble(one);
        return other == null ? first : links.of(first, value.applyAsDouble(other));
    }
}
