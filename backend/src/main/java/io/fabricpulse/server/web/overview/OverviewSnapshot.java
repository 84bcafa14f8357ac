package io.fabricpulse.server.web.overview;

import java.util.List;

/**
 * What the overview shows of the ports at one moment: rendered into the page and sent as the data of
 * every {@code ports} event, so the first paint and each live update come from the same record.
 *
 * @param summary the summary strip
 * @param rows    the worst ports, at most {@code fabricpulse.ui.max-rows}
 * @param shown   number of rows
 * @param total   number of ports in the fabric
 * @param showing "showing N of M ports"
 * @param errorRows   the error view's rows: ports with errors first (worst first), then the others, at most
 *                    {@code fabricpulse.ui.max-rows}; the browser hides the others in the errors-only view
 * @param withErrors  ports with any error counter above zero, in the whole fabric (or cluster)
 * @param errorsNote  "N ports with error counters above zero", for the errors-only view
 * @param links       the worst cables in {@link WorstLinks}' order, healthy ones left out
 * @param linksNote   "N cables with a problem", or that none has one
 * @param healthy     rows of healthy ports (hidden until asked for)
 */
public record OverviewSnapshot(FabricSummary summary, List<PortRow> rows, int shown, int total, String showing,
                               List<ErrorCountersRow> errorRows, int withErrors, String errorsNote,
                               List<LinkRow> links, String linksNote, int healthy) {

    static OverviewSnapshot of(FabricSummary summary, List<PortRow> rows, List<ErrorCountersRow> errorRows,
                               int withErrors, List<LinkRow> links) {
        long errorsShown = errorRows.stream().filter(ErrorCountersRow::errors).count();
        String errorsNote = withErrors + ports(withErrors) + " with error counters above zero"
                + (withErrors > errorsShown ? ", the first " + errorsShown + " shown" : "");
        long healthy = rows.stream().filter(row -> row.severity().equals("ok")).count();
        return new OverviewSnapshot(summary, rows, rows.size(), summary.ports(),
                "showing " + rows.size() + " of " + summary.ports() + ports(summary.ports())
                        + (healthy > 0 ? ", " + healthy + " healthy hidden" : ""), errorRows, withErrors,
                errorsNote, links, linksNote(links), (int) healthy);
    }

    /** The same with other worst links: those of a past instant. */
    OverviewSnapshot withLinks(List<LinkRow> links) {
        return new OverviewSnapshot(summary, rows, shown, total, showing, errorRows, withErrors, errorsNote, links,
                linksNote(links), healthy);
    }

    private static String linksNote(List<LinkRow> links) {
        return links.isEmpty() ? "every cable is healthy"
                : links.size() + (links.size() == 1 ? " cable" : " cables") + " with a problem"
                + (links.size() == WorstLinks.LIMIT ? " (the worst " + WorstLinks.LIMIT + ")" : "");
    }

    private static String ports(int count) {
        return count == 1 ? " port" : " ports";
    }
}
