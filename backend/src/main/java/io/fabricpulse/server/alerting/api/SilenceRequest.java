package io.fabricpulse.server.alerting.api;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.alerting.store.SilenceRow;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * Body of POST and PUT {@code /api/v1/alerts/silences}.
 *
 * @param kind     NODE, LINK, CLUSTER or RULE
 * @param value    NODE: a GUID in any spelling; LINK: {@code 0x…/1-0x…/7} (either order, with or
 *                 without {@code link:}); CLUSTER: its name; RULE: a rule name
 * @param startsAt from; now when left out
 * @param endsAt   until; after startsAt and in the future. Give it or {@code duration}, not both
 * @param duration how long from startsAt (ISO-8601, {@code PT4H}): what a person picks on the alert page,
 *                 measured on the server's clock, so a browser with a wrong clock cannot end a silence early
 * @param comment  why (maintenance ticket, reason); required
 */
public record SilenceRequest(String kind, String value, Instant startsAt, Instant endsAt, Duration duration,
                             String comment) {

    /** The longest silence a duration may ask for; a longer maintenance window names its end. */
    static final Duration MAX_DURATION = Duration.ofDays(90);

    /** The row this request makes, or the problems with it in {@code check}. */
    SilenceRow toRow(long id, Instant now, String by, Instant createdAt, RuleCatalog catalog, RequestText check) {
        String matchKind = kind == null ? null : kind.strip().toUpperCase(Locale.ROOT);
        if (matchKind == null || !SilenceRow.KINDS.contains(matchKind)) {
            check.add("kind", "must be one of NODE, LINK, CLUSTER, RULE, got '" + kind + "'");
        }
        String text = check.required("value", value, 600, false);
        String matchValue = text == null || matchKind == null ? null : normalized(matchKind, text, catalog, check);
        String why = check.required("comment", comment, 1000, false);
        Instant from = startsAt == null ? now : startsAt;
        Instant until = duration == null ? endsAt : durationEnd(from, check);
        if (until == null) {
            if (duration == null) {
                check.add("endsAt", "is required (or a duration)");
            }
        } else if (!until.isAfter(from)) {
            check.add("endsAt", "must be after startsAt (" + from + ")");
        } else if (!until.isAfter(now)) {
            check.add("endsAt", "is in the past: the silence would never apply");
        }
        check.throwIfInvalid();
        return new SilenceRow(id, matchKind, matchValue, from, until, createdAt, by, why);
    }

    /** startsAt + duration; null with the reason in {@code check} when endsAt is given too or the duration is bad. */
    private Instant durationEnd(Instant from, RequestText check) {
        if (endsAt != null) {
            check.add("duration", "give endsAt or duration, not both");
        } else if (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_DURATION) > 0) {
            check.add("duration", "must be longer than 0 and at most " + MAX_DURATION.toDays() + " days, got " + duration);
        } else {
            return from.plus(duration);
        }
        return null;
    }

    private static String normalized(String kind, String text, RuleCatalog catalog, RequestText check) {
        try {
            return switch (kind) {
                case "NODE" -> Guids.format(Guids.parse(text));
                case "LINK" -> linkKey(text);
                case "RULE" -> {
                    if (catalog.get(text) == null) {
                        throw new IllegalArgumentException("no rule '" + text + "'; known: "
                                + String.join(", ", catalog.all().keySet()));
                    }
                    yield text;
                }
                default -> text;
            };
        } catch (IllegalArgumentException e) {
            check.add("value", kind.equals("LINK") ? "must be two ports such as 0x0002c903003178f0/1-0x0002c90200410d02/7"
                    : kind.equals("NODE") ? "must be a node GUID such as 0x0002c903003178f0" : e.getMessage());
            return null;
        }
    }

    private static String linkKey(String text) {
        String ends = text.startsWith("link:") ? text.substring("link:".length()) : text;
        String[] parts = ends.split("-");
        if (parts.length != 2) {
            throw new IllegalArgumentException("not two ends");
        }
        return AlertSubject.linkKey(port(parts[0]), port(parts[1]));
    }

    private static PortRef port(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("no port number");
        }
        int number = Integer.parseInt(text.substring(slash + 1).strip());
        if (number < 0 || number > 255) {
            throw new IllegalArgumentException("port out of range");
        }
        return new PortRef(Guids.format(Guids.parse(text.substring(0, slash).strip())), number);
    }
}
