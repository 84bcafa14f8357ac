package io.fabricpulse.server.metrics;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.ExportedPort;
import io.fabricpulse.server.rates.DerivedMetric;
import io.prometheus.metrics.model.snapshots.Unit;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import static io.fabricpulse.server.metrics.FabricMetric.Combine.MAX;
import static io.fabricpulse.server.metrics.FabricMetric.Combine.MIN;
import static io.fabricpulse.server.metrics.FabricMetric.Combine.SUM;

/**
 * Every metric of the fabric endpoint: the one table docs/PROMETHEUS.md documents. Names follow
 * Prometheus' conventions: {@code fabricpulse_port_} prefix, base units (bytes, ratios), counters end
 * in {@code _total} on the wire. Counters are the rate engine's {@link io.fabricpulse.server.rates.CounterTotals}
 * (monotonic across clears and saturation); data counters are converted from 4-byte words to bytes.
 */
final class FabricMetricCatalog {

    static final String PREFIX = "fabricpulse_port_";
    private static final Unit BYTES_PER_SECOND = new Unit("bytes_per_second");
    private static final Unit LANES = new Unit("lanes");
    private static final int BYTES_PER_WORD = 4;
    private static final double BITS_PER_BYTE = 8;

    /** The IBA counter each counter metric exports, with its name (without prefix and {@code _total}). */
    static final Map<PortCounter, String> COUNTER_NAMES = counterNames();

    private static final List<FabricMetric> ALL = build();

    private FabricMetricCatalog() {
    }

    /** Every metric, in the order the endpoint writes them. */
    static List<FabricMetric> all() {
        return ALL;
    }

    private static List<FabricMetric> build() {
        List<FabricMetric> metrics = new ArrayList<>();
        for (Map.Entry<PortCounter, String> entry : COUNTER_NAMES.entrySet()) {
            metrics.add(counter(entry.getKey(), entry.getValue()));
        }
        metrics.add(gauge("symbol_error_ratio", "Bit error ratio estimated from symbol errors: SymbolErrorCounter "
                + "per second / the active link's data rate in bits per second (latest interval)", Unit.RATIO,
                MetricGroup.ERRORS, derived(DerivedMetric.SymbolErrorBer), MAX));
        metrics.add(gauge("transmit_wait_ratio", "Share of the latest interval the port had data to send but could "
                + "not (PortXmitWait ticks x the device's tick); only where the tick is configured", Unit.RATIO,
                MetricGroup.CONGESTION, derived(DerivedMetric.XmitWaitShare), MAX));
        metrics.add(gauge("transmit_bytes_per_second", "Bytes sent per second over the latest interval",
                BYTES_PER_SECOND, MetricGroup.TRAFFIC, derived(DerivedMetric.XmitBytesPerSecond), MAX));
        metrics.add(gauge("receive_bytes_per_second", "Bytes received per second over the latest interval",
                BYTES_PER_SECOND, MetricGroup.TRAFFIC, derived(DerivedMetric.RcvBytesPerSecond), MAX));
        metrics.add(gauge("transmit_utilisation_ratio", "Share of the active link's data rate used sending (0..1)",
                Unit.RATIO, MetricGroup.TRAFFIC, derived(DerivedMetric.XmitUtilisation), MAX));
        metrics.add(gauge("receive_utilisation_ratio", "Share of the active link's data rate used receiving (0..1)",
                Unit.RATIO, MetricGroup.TRAFFIC, derived(DerivedMetric.RcvUtilisation), MAX));
        metrics.add(gauge("transmit_packets_per_second", "Packets sent per second over the latest interval", null,
                MetricGroup.PACKETS, derived(DerivedMetric.XmitPacketsPerSecond), MAX));
        metrics.add(gauge("receive_packets_per_second", "Packets received per second over the latest interval", null,
                MetricGroup.PACKETS, derived(DerivedMetric.RcvPacketsPerSecond), MAX));
        metrics.add(gauge("state", "Logical port state (IBA PortState): 1 Down, 2 Init, 3 Armed, 4 Active", null,
                MetricGroup.STATE, side -> side.port().view().state() == null ? Double.NaN
                        : side.port().view().state().code(), MIN));
        metrics.add(gauge("physical_state", "Physical port state (IBA PortPhysicalState): 1 Sleep, 2 Polling, "
                + "3 Disabled, 4 Training, 5 LinkUp, 6 LinkErrorRecovery, 7 PhyTest", null, MetricGroup.STATE,
                side -> side.port().view().physicalState() == null ? Double.NaN
                        : side.port().view().physicalState().code(), MIN));
        metrics.add(gauge("link_width_active_lanes", "Active link width in lanes (4X = 4); absent while down", LANES,
                MetricGroup.STATE, side -> lanes(LinkWidth.ofLabel(side.port().view().linkWidth())), MIN));
        metrics.add(gauge("link_width_capable_lanes", "Widest link width the port supports, in lanes; absent where "
                + "the source cannot tell (sysfs)", LANES, MetricGroup.STATE, side -> lanes(side.port().widthCapable()),
                MIN));
        metrics.add(gauge("link_lane_rate_active_bytes_per_second", "Data rate of one lane at the active speed "
                + "(after line encoding: EDR 25 Gb/s = 3.125e9 bytes/s)", BYTES_PER_SECOND, MetricGroup.STATE,
                side -> laneRate(LinkSpeed.ofName(side.port().view().linkSpeed())), MIN));
        metrics.add(gauge("link_lane_rate_capable_bytes_per_second", "Data rate of one lane at the fastest speed the "
                + "port supports; absent where the source cannot tell (sysfs)", BYTES_PER_SECOND, MetricGroup.STATE,
                side -> laneRate(side.port().speedCapable()), MIN));
        metrics.add(gauge("link_rate_bytes_per_second", "Data rate of the active link: width x lane rate", BYTES_PER_SECOND,
                MetricGroup.STATE, side -> {
                    Double bits = side.port().view().derived() == null ? null
                            : side.port().view().derived().linkDataRateBitsPerSecond();
                    return bits == null ? Double.NaN : bits / BITS_PER_BYTE;
                }, MIN));
        metrics.add(gauge("alert_severity", "Highest severity of the FabricPulse alerts open on the port or its link: "
                + "0 none, 1 info, 2 warning, 3 critical", null, MetricGroup.ALERTS, PortSide::alertSeverity, MAX));
        return List.copyOf(metrics);
    }

    /** The metrics of the enabled groups. */
    static List<FabricMetric> of(Set<MetricGroup> groups) {
        return all().stream().filter(metric -> groups.contains(metric.group())).toList();
    }

    private static Map<PortCounter, String> counterNames() {
        Map<PortCounter, String> names = new EnumMap<>(PortCounter.class);
        names.put(PortCounter.SymbolErrorCounter, "symbol_errors");
        names.put(PortCounter.LinkErrorRecoveryCounter, "link_error_recoveries");
        names.put(PortCounter.LinkDownedCounter, "link_downed");
        names.put(PortCounter.PortRcvErrors, "receive_errors");
        names.put(PortCounter.PortRcvRemotePhysicalErrors, "receive_remote_physical_errors");
        names.put(PortCounter.PortRcvSwitchRelayErrors, "receive_switch_relay_errors");
        names.put(PortCounter.PortXmitDiscards, "transmit_discards");
        names.put(PortCounter.PortXmitConstraintErrors, "transmit_constraint_errors");
        names.put(PortCounter.PortRcvConstraintErrors, "receive_constraint_errors");
        names.put(PortCounter.LocalLinkIntegrityErrors, "local_link_integrity_errors");
        names.put(PortCounter.ExcessiveBufferOverrunErrors, "excessive_buffer_overrun_errors");
        names.put(PortCounter.VL15Dropped, "vl15_dropped");
        names.put(PortCounter.PortXmitWait, "transmit_wait_ticks");
        names.put(PortCounter.PortXmitData, "transmit_bytes");
        names.put(PortCounter.PortRcvData, "receive_bytes");
        names.put(PortCounter.PortXmitPkts, "transmit_packets");
        names.put(PortCounter.PortRcvPkts, "receive_packets");
        names.put(PortCounter.PortUnicastXmitPkts, "transmit_unicast_packets");
        names.put(PortCounter.PortUnicastRcvPkts, "receive_unicast_packets");
        names.put(PortCounter.PortMulticastXmitPkts, "transmit_multicast_packets");
        names.put(PortCounter.PortMulticastRcvPkts, "receive_multicast_packets");
        if (names.size() != PortCounter.values().length) {
            throw new ExceptionInInitializerError("a PortCounter has no Prometheus name: " + names.keySet());
        }
        return names;
    }

    private static FabricMetric counter(PortCounter counter, String name) {
        boolean data = counter.kind() == PortCounter.Kind.DATA;
        MetricGroup group = switch (counter.kind()) {
            case ERROR -> MetricGroup.ERRORS;
            case WAIT -> MetricGroup.CONGESTION;
            case DATA -> MetricGroup.TRAFFIC;
            case PACKETS -> MetricGroup.PACKETS;
        };
        String help = counter.ibaName() + (data ? " x 4 (the counter counts 4-byte words)" : "")
                + (counter.kind() == PortCounter.Kind.WAIT ? " (ticks of a device-specific length)" : "")
                + ", as FabricPulse's rate engine accepted it: starts at the first value seen, grows by every "
                + "increase that made a rate; clears and saturation add nothing";
        double scale = data ? BYTES_PER_WORD : 1;
        return new FabricMetric(PREFIX + name, help, data ? Unit.BYTES : null, true, group, side -> {
            ExportedPort port = side.port();
            return port.totals().has(counter) ? port.totals().totalAsDouble(counter) * scale : Double.NaN;
        }, SUM);
    }

    private static FabricMetric gauge(String name, String help, Unit unit, MetricGroup group,
                                      ToDoubleFunction<PortSide> value, FabricMetric.Combine links) {
        return new FabricMetric(PREFIX + name, help, unit, false, group, value, links);
    }

    private static ToDoubleFunction<PortSide> derived(DerivedMetric metric) {
        return side -> {
            Double value = side.port().view().derived() == null ? null : metric.in(side.port().view().derived());
            return value == null ? Double.NaN : value;
        };
    }

    private static double lanes(LinkWidth width) {
        return width == null ? Double.NaN : width.lanes();
    }

    private static double laneRate(LinkSpeed speed) {
        return speed == null ? Double.NaN : speed.laneGbps() * 1e9 / BITS_PER_BYTE;
    }
}
