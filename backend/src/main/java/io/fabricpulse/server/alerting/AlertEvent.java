package io.fabricpulse.server.alerting;

import java.time.Instant;
import java.util.List;

/**
 * One transition of one alert, with everything a chat message or a ticket needs. Sent to every
 * {@link AlertEventListener} once, by the replica that made the transition, after it is stored.
 *
 * @param kind            fired, acknowledged, commented or resolved
 * @param alertId         the alert's id; its page is {@link #alertPath()}
 * @param rule            rule name, such as {@code symbol-error-ber}
 * @param severity        severity
 * @param scope           port, link, node, agent or fabric
 * @param subject         the alert's subject key, such as {@code link:0x..01/1-0x..02/7}
 * @param cluster         the cluster of the (first) node, null when none
 * @param context         summary, counter, value vs threshold, both ends with names, GUIDs, ports,
 *                        LIDs and node types, suggested checks
 * @param firedAt         since when
 * @param at              when this transition happened
 * @param actor           who made it: a user name, or {@code system} for the engine
 * @param ticket          the ticket reference given with the acknowledgement, else null
 * @param acknowledgedBy  who acknowledged the alert, null while unacknowledged
 * @param text            the comment (COMMENTED), the reason given (manual RESOLVED), else null
 */
public record AlertEvent(AlertEventKind kind, long alertId, String rule, Severity severity, AlertScope scope,
                         String subject, String cluster, AlertContext context, Instant firedAt, Instant at,
                         String actor, String ticket, String acknowledgedBy, String text) {

    /** The path of the alert's page in the UI, relative to the server's base URL. */
    public String alertPath() {
        return "/alerts/" + alertId;
    }

    public List<AlertEnd> ends() {
        return context.ends();
    }
}
