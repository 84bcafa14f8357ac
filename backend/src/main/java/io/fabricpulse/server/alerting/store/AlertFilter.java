package io.fabricpulse.server.alerting.store;

import java.time.Instant;

/**
 * Which alerts a list wants; every field null means "any".
 *
 * @param state    OPEN (firing or acknowledged), FIRING (open, not acknowledged), ACKNOWLEDGED (open)
 *                 or RESOLVED
 * @param severity INFO, WARNING or CRITICAL
 * @param nodeGuid alerts with this node at either end
 * @param cluster  alerts of this cluster
 * @param rule     alerts of this rule
 * @param since    alerts fired at or after this
 */
public record AlertFilter(String state, String severity, String nodeGuid, String cluster, String rule,
                          Instant since) {

    public static final AlertFilter ANY = new AlertFilter(null, null, null, null, null, null);
}
