package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.store.SilenceRow;

import java.time.Instant;

/**
 * A silence as the API shows it; {@code state} (PENDING, ACTIVE, EXPIRED) is derived from its times
 * and the server's clock when asked.
 */
public record SilenceView(long id, String kind, String value, Instant startsAt, Instant endsAt, String state,
                          Instant createdAt, String createdBy, String comment) {

    static SilenceView of(SilenceRow row, Instant now) {
        return new SilenceView(row.id(), row.matchKind(), row.matchValue(), row.startsAt(), row.endsAt(),
                row.stateAt(now), row.createdAt(), row.createdBy(), row.comment());
    }
}
