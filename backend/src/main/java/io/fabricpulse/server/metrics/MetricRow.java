package io.fabricpulse.server.metrics;

import io.prometheus.metrics.model.snapshots.Labels;

/**
 * What one series of every metric describes: a port, or a cable (both ends) in {@link MetricScope#LINK}.
 *
 * @param labels its labels, the same in every metric
 * @param one    the port, or the cable's end named by {@code node_*}
 * @param other  the cable's other end in link scope when the server knows it, else null
 */
record MetricRow(Labels labels, PortSide one, PortSide other) {

    double valueOf(FabricMetric metric) {
        return metric.valueOf(one, other);
    }
}
