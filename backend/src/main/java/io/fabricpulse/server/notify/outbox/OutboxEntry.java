package io.fabricpulse.server.notify.outbox;

import java.time.Instant;

/**
 * One row of the outbox: one event for one channel.
 *
 * @param id             assigned by the database
 * @param channel        the webhook's key ({@code config-<hash>} or a stored webhook's id)
 * @param idempotencyKey the delivery's key, sent with every attempt
 * @param alertId        the alert the event belongs to (for history)
 * @param eventKind      FIRING, ACKNOWLEDGED, RESOLVED or COMMENTED (for history)
 * @param notice         the notice as JSON, rendered afresh on each attempt
 * @param createdAt      when it was queued; the max age counts from here
 * @param dueAt          when it may next be tried
 * @param attempts       attempts so far
 */
public record OutboxEntry(long id, String channel, String idempotencyKey, String alertId, String eventKind,
                          String notice, Instant createdAt, Instant dueAt, int attempts) {
}
