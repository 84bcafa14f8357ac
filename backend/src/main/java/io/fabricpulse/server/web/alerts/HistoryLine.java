package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.api.AlertDetail;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.Locale;

/**
 * One entry of an alert's history on its page.
 *
 * @param at    date and time in the UI's zone
 * @param atIso the same as an ISO-8601 instant
 * @param kind  fired, acknowledged, commented, resolved (lower case)
 * @param actor who did it ("system": the alert engine)
 * @param text  the ticket, comment or reason; empty when none
 */
public record HistoryLine(String at, String atIso, String kind, String actor, String text) {

    static HistoryLine of(AlertDetail.HistoryEntry entry, DisplayFormat format) {
        return new HistoryLine(format.dateTime(entry.at()), format.isoTime(entry.at()),
                entry.kind().toLowerCase(Locale.ROOT), entry.actor(),
                entry.text() == null ? "" : entry.text());
    }
}
