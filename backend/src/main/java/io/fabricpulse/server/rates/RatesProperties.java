package io.fabricpulse.server.rates;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the rate engine ({@code fabricpulse.rates.*}).
 *
 * <p>PortXmitWait counts device-specific ticks (docs/FABRIC.md, "XmitWait ticks"): its share of the
 * interval can only be computed when the tick is known. The tick is looked up by the node's HCA type first
 * (an operator's measurement for a device the table lacks, by sysfs {@code hca_type} such as {@code MT4123}),
 * then by the reporting source ({@code sim} ticks once per microsecond, its own definition), then in the
 * documented table of device families ({@link XmitWaitTicks}); when none knows it the port shows raw ticks
 * per second only.
 *
 * @param xmitWaitTickByHcaType tick length per HCA type as reported by the agent
 * @param xmitWaitTickBySource  tick length per agent source ({@code umad}, {@code sysfs}, {@code sim});
 *                              default {@code sim: 1us}
 */
@ConfigurationProperties("fabricpulse.rates")
public record RatesProperties(Map<String, Duration> xmitWaitTickByHcaType, Map<String, Duration> xmitWaitTickBySource) {

    /** The sim source's PortXmitWait: one tick per microsecond of stall (agent {@code SimPort}). */
    public static final Map<String, Duration> DEFAULT_TICKS_BY_SOURCE = Map.of("sim", Duration.ofNanos(1_000));

    public RatesProperties {
        xmitWaitTickByHcaType = checked(xmitWaitTickByHcaType, Map.of(), "xmit-wait-tick-by-hca-type");
        xmitWaitTickBySource = checked(xmitWaitTickBySource, DEFAULT_TICKS_BY_SOURCE, "xmit-wait-tick-by-source");
    }

    /** The defaults: only the sim source's tick is known. */
    public static RatesProperties defaults() {
        return new RatesProperties(null, null);
    }

    /**
     * The PortXmitWait tick of a node reported by {@code source}, null when unknown.
     *
     * @param vendorId NodeInfo.VendorID, null when the source did not read it
     * @param deviceId NodeInfo.DeviceID, null when the source did not read it
     * @param hcaType  sysfs {@code hca_type}, null when not reported
     */
    public XmitWaitTick xmitWaitTick(String source, Integer vendorId, Integer deviceId, String hcaType) {
        Duration byHca = hcaType == null ? null : xmitWaitTickByHcaType.get(hcaType);
        if (byHca != null) {
            return new XmitWaitTick.Fixed(byHca);
        }
        Duration bySource = source == null ? null : xmitWaitTickBySource.get(source);
        if (bySource != null) {
            return new XmitWaitTick.Fixed(bySource);
        }
        return XmitWaitTicks.of(vendorId, deviceId, hcaType);
    }

    private static Map<String, Duration> checked(Map<String, Duration> ticks, Map<String, Duration> fallback,
                                                 String name) {
        if (ticks == null || ticks.isEmpty()) {
            return fallback;
        }
        Map<String, Duration> copy = new LinkedHashMap<>();
        ticks.forEach((key, tick) -> {
            Objects.requireNonNull(tick, () -> "fabricpulse.rates." + name + "." + key + " needs a duration");
            if (tick.isNegative() || tick.isZero()) {
                throw new IllegalArgumentException("fabricpulse.rates." + name + "." + key
                        + " must be a positive duration such as 1us, got " + tick);
            }
            copy.put(key, tick);
        });
        return Map.copyOf(copy);
    }
}
