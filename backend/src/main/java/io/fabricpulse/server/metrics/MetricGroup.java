package io.fabricpulse.server.metrics;

/**
 * Groups of fabric metrics that can be switched off together ({@code fabricpulse.metrics.fabric.groups}),
 * the cardinality knob: each group is one series per exported port (or link) and metric.
 */
public enum MetricGroup {
    /** The 12 error counters of ibqueryerrors' list (symbol errors, discards, link downed, ...). */
    ERRORS,
    /** PortXmitWait ticks (counter) and the share of time stalled (gauge). */
    CONGESTION,
    /** Bytes sent and received (counters) and bytes/s, utilisation (gauges). */
    TRAFFIC,
    /** Packets sent and received, unicast and multicast (counters) and packets/s (gauges). */
    PACKETS,
    /** Port state, physical state, width and speed active vs capable, link data rate, symbol-error BER. */
    STATE,
    /** The highest severity of the alerts open on the port or its link. */
    ALERTS
}
