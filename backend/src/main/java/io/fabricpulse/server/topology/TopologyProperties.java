package io.fabricpulse.server.topology;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * {@code fabricpulse.topology.*}: when an unreported node counts as gone, how large an import may be.
 *
 * @param missingAfter  without a complete walk by a discover-role agent, a node or port report older
 *                      than this is gone (about 3 agent intervals)
 * @param maxImportSize largest body of a topology, node-name-map or fabrics.conf import
 */
@ConfigurationProperties("fabricpulse.topology")
public record TopologyProperties(@DefaultValue("30s") Duration missingAfter,
                                 @DefaultValue("16MB") DataSize maxImportSize) {

    public TopologyProperties {
        if (missingAfter.isNegative() || missingAfter.isZero()) {
            throw new IllegalArgumentException("fabricpulse.topology.missing-after must be positive, got " + missingAfter);
        }
        if (maxImportSize.toBytes() < 1 || maxImportSize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("fabricpulse.topology.max-import-size must be 1 byte to 2GB");
        }
    }
}
