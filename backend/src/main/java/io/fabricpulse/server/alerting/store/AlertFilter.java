package io.fabricpulse.server.alerting.store;

import java.time.Instant;

/**
 * Which alerts a list wants; every field null means "any".
 *
 * @param state    OPEN (firing or acknowledged), FIRING (open, not acknowledged), ACKNOWLEDGED (open)
 *                 or RESOLVED
 * @param severity INFO, WARNING or CRITICAL
 * @param nodeGuid alerts with this node at either end
 * @param port     with {@code nodeGuid}: only alerts about that port of the node, on its own or as an end of its
 *                 link (the alert's subject names it); null for the whole node
 * @param cluster  alerts of this cluster
 * @param rule     alerts of this rule
 * @param since    alerts fired at or after this
 */
public record AlertFilter(String state, String severity, String nodeGuid, Integer port, String cluster, String rule,
                          Instant since) {

    public static final AlertFilter ANY = new AlertFilter(null, null, null, null, null, null);

    public AlertFilter {
        if (port != null && nodeGuid == null) {
            throw new IllegalArgumentException("a port filter needs its node");
        }
    }

    /** Any port of the node (or of any node). */
    public AlertFilter(String state, String severity, String nodeGuid, String cluster, String rule, Instant since) {
        this(state, severity, nodeGuid, null, cluster, rule, since);
    }
}
