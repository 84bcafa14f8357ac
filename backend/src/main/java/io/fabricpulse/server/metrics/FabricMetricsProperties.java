package io.fabricpulse.server.metrics;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.util.EnumSet;
import java.util.Set;

/**
 * The fabric metrics endpoint ({@code fabricpulse.metrics.fabric.*}, docs/PROMETHEUS.md).
 *
 * @param groups which metric groups are exported; the fewer, the fewer series per port
 * @param scope  one series per port, or per cable (link) only
 */
@ConfigurationProperties("fabricpulse.metrics.fabric")
public record FabricMetricsProperties(@DefaultValue({"errors", "congestion", "traffic", "packets", "state", "alerts"})
                                      Set<MetricGroup> groups,
                                      @DefaultValue("port") MetricScope scope) {

    public FabricMetricsProperties {
        groups = groups == null || groups.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(groups));
        if (scope == null) {
            throw new IllegalArgumentException("fabricpulse.metrics.fabric.scope must be port or link");
        }
    }

    /** Every group, per port. */
    public static FabricMetricsProperties defaults() {
        return new FabricMetricsProperties(EnumSet.allOf(MetricGroup.class), MetricScope.PORT);
    }
}
