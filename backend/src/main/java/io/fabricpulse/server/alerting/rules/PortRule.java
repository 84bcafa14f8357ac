package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortView;

/**
 * A rule evaluated on every sample of every port. Implementations are stateless (per-port memory is
 * in {@link PortSample#state()}) and cheap: a few map lookups per sample.
 */
public interface PortRule extends RuleDefinition {

    /** The finding when the condition holds for this sample, else null. */
    Finding evaluate(PortSample sample, RuleSettings settings);

    /**
     * Whether the rule speaks about this port at all. InfiniBand-only rules (port state, link width and
     * speed, symbol-error BER) say no for Ethernet (RoCE) ports, which keep their counter rules.
     */
    default boolean appliesTo(PortView port) {
        return true;
    }
}
