package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.web.AlertLine;

import java.util.List;

/**
 * The firing alerts as the overview's strip shows them, worst first as on the alerts page
 * ({@link io.fabricpulse.server.alerting.store.AlertOrder#WORST_FIRST}), and what a live page needs to know
 * whether its alerts changed. Rendered into the overview and sent as the data of every {@code live} event.
 *
 * @param critical  firing critical alerts
 * @param warning   firing warnings
 * @param info      firing info alerts
 * @param shown     the three counts as the page shows them, with thousands separators
 * @param total     all firing alerts
 * @param lines     the worst {@link LiveAlerts#STRIP} of them
 * @param more      "and N more" when the strip leaves some out, else null
 * @param version   changes whenever an alert fires, is acknowledged or resolved, or a silence starts or ends: pages
 *                  that show alerts re-read them when it changes, and only then
 * @param fabricAt  the newest fabric update this event follows (ISO-8601), null before the first: pages that
 *                  show counters re-read them when it changes
 */
public record AlertStrip(long critical, long warning, long info, Counts shown, long total, List<AlertLine> lines,
                         String more, String version, String fabricAt) {

    /** Counts by severity, formatted ({@code 1,234}). */
    public record Counts(String critical, String warning, String info) {
    }
}
