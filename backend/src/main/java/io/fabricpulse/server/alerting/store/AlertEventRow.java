package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateText;

import java.time.Instant;

/**
 * One entry of an alert's history, as {@code alert_event} has it.
 *
 * @param id         assigned by the database; 0 before the row is stored
 * @param alertId    the alert
 * @param occurredAt when
 * @param kind       FIRED, ACKNOWLEDGED, COMMENTED or RESOLVED
 * @param actor      {@code system} or a user name
 * @param text       the comment, the ticket reference, a reason; or null
 */
public record AlertEventRow(long id, long alertId, Instant occurredAt, String kind, String actor, String text) {

    public static final int MAX_TEXT = 4000;

    public AlertEventRow {
        StateText.require("alert event actor", actor, 100);
        if (occurredAt == null || kind == null) {
            throw new IllegalArgumentException("alert event: occurredAt and kind are required");
        }
        if (text != null && text.length() > MAX_TEXT) {
            throw new IllegalArgumentException("alert event text is " + text.length() + " characters, at most "
                    + MAX_TEXT);
        }
    }
}
