package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;

/**
 * A rule evaluated on every sample of every port. Implementations are stateless (per-port memory is
 * in {@link PortSample#state()}) and cheap: a few map lookups per sample.
 */
public interface PortRule extends RuleDefinition {

    /** The finding when the condition holds for this sample, else null. */
    Finding evaluate(PortSample sample, RuleSettings settings);
}
