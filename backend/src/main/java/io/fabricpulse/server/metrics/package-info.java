/**
 * The fabric for Prometheus: {@code GET /metrics/fabric} exposes every port's counters (as the rate
 * engine accepted them, so {@code rate()} is right across clears and saturation), derived gauges,
 * state and alert state, in the Prometheus text format or OpenMetrics, streamed. docs/PROMETHEUS.md
 * maps IBA counter names to metric names and describes the cardinality knobs.
 */
package io.fabricpulse.server.metrics;
