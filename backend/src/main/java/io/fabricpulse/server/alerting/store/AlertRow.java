package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateText;

import java.time.Instant;

/**
 * One alert as the {@code alert} table has it.
 *
 * @param id         assigned by the database; 0 before the row is stored
 * @param alertKey   rule and subject, such as {@code symbol-error-ber|link:0x..01/1-0x..02/7}
 * @param rule       rule name
 * @param severity   INFO, WARNING or CRITICAL
 * @param scope      PORT, LINK, NODE, AGENT or FABRIC
 * @param nodeGuid   the (first) node, or null
 * @param peerGuid   the node at the other end of a link, or null
 * @param cluster    the node's cluster, or null
 * @param summary    one line for people
 * @param context    JSON the notifications and the detail page show
 * @param firedAt    when it fired
 * @param ackedAt    when it was acknowledged, or null
 * @param ackedBy    who acknowledged it, or null
 * @param ticket     the ticket reference given with the acknowledgement, or null
 * @param resolvedAt when it resolved, null while open
 * @param resolvedBy who resolved it: {@code system} for the engine, else a user; null while open
 * @param flapping   opened as a flapping alert
 */
public record AlertRow(long id, String alertKey, String rule, String severity, String scope, String nodeGuid,
                       String peerGuid, String cluster, String summary, String context, Instant firedAt,
                       Instant ackedAt, String ackedBy, String ticket, Instant resolvedAt, String resolvedBy,
                       boolean flapping) {

    public static final int MAX_KEY = 600;
    public static final int MAX_TICKET = 200;
    public static final int MAX_SUMMARY = 1000;

    public AlertRow {
        StateText.require("alert key", alertKey, MAX_KEY);
        StateText.require("alert rule", rule, 64);
        if (summary == null || summary.isBlank()) {
            throw new IllegalArgumentException("alert summary is required");
        }
        summary = summary.length() > MAX_SUMMARY ? summary.substring(0, MAX_SUMMARY - 1) + "…" : summary;
        if (firedAt == null || context == null) {
            throw new IllegalArgumentException("alert: firedAt and context are required");
        }
    }

    public boolean open() {
        return resolvedAt == null;
    }
}
