package io.fabricpulse.server.web.alerts;

import java.util.List;

/**
 * The firing alerts as the overview's strip shows them: one line per problem (the alerts of one cable, as the alerts
 * page groups them, {@link AlertGroups}), worst first as on the alerts page ({@link AlertGroups#WORST_FIRST}: the
 * group's worst severity, then when it began), and what a live page needs to know whether its alerts changed. Rendered into the overview and sent as the data of every {@code live} event.
 *
 * @param critical  firing critical alerts
 * @param warning   firing warnings
 * @param info      firing info alerts
 * @param shown     the three counts as the page shows them, with thousands separators
 * @param total     all firing alerts
 * @param lines     the worst {@link LiveAlerts#STRIP} groups of them
 * @param more      "and N more alerts" when the strip leaves some out (alerts, not groups, as the counts are), else null
 * @param version   changes whenever an alert fires, is acknowledged or resolved, or a silence starts or ends: pages
 *                  that show alerts re-read them when it changes, and only then
 * @param fabricAt  the newest fabric update this event follows (ISO-8601), null before the first: pages that
 *                  show counters re-read them when it changes
 */
public record AlertStrip(long critical, long warning, long info, Counts shown, long total, List<StripLine> lines,
                         String more, String version, String fabricAt) {

    /** Counts by severity, formatted ({@code 1,234}). */
    public record Counts(String critical, String warning, String info) {
    }
}
