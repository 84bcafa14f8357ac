package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.store.SilenceRow;
import io.fabricpulse.server.web.DisplayFormat;

import java.time.Instant;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * One silence as the alert pages show it.
 *
 * @param id       the silence's id (its Expire form posts to {@code /api/v1/alerts/silences/{id}/expire})
 * @param kind     node, link, cluster or rule (lower case)
 * @param scope    what it covers, in names: "node0420 HCA-1", "node0420 HCA-1[1] ↔ leaf03[5]", "xmit-discards"
 * @param state    active or pending (lower case)
 * @param by       who made it
 * @param from     its start, date and time in the UI's zone
 * @param until    its end, date and time in the UI's zone
 * @param untilIso the same as an ISO-8601 instant
 * @param comment  why
 */
public record SilenceLine(long id, String kind, String scope, String state, String by, String from, String until,
                          String untilIso, String comment) {

    /** @param nameOf a node's display name by GUID (the GUID itself when the fabric does not know it) */
    static SilenceLine of(SilenceRow row, Instant now, UnaryOperator<String> nameOf, DisplayFormat format) {
        return new SilenceLine(row.id(), row.matchKind().toLowerCase(Locale.ROOT), scope(row, nameOf),
                row.stateAt(now).toLowerCase(Locale.ROOT), row.createdBy(), format.dateTime(row.startsAt()),
                format.dateTime(row.endsAt()), format.isoTime(row.endsAt()), row.comment());
    }

    private static String scope(SilenceRow row, UnaryOperator<String> nameOf) {
        String value = row.matchValue();
        return switch (row.matchKind()) {
            case "NODE" -> nameOf.apply(value);
            case "LINK" -> link(value, nameOf);
            default -> value; // a rule id or a cluster name reads as it is
        };
    }

    /** "link:0xA/1-0xB/7" (the stored link key) as "nameA[1] ↔ nameB[7]"; anything else as stored. */
    private static String link(String key, UnaryOperator<String> nameOf) {
        String[] ends = key.substring(key.indexOf(':') + 1).split("-");
        if (ends.length != 2 || ends[0].indexOf('/') < 0 || ends[1].indexOf('/') < 0) {
            return key;
        }
        return end(ends[0], nameOf) + " ↔ " + end(ends[1], nameOf);
    }

    private static String end(String guidSlashPort, UnaryOperator<String> nameOf) {
        int slash = guidSlashPort.indexOf('/');
        return nameOf.apply(guidSlashPort.substring(0, slash)) + "[" + guidSlashPort.substring(slash + 1) + "]";
    }
}
