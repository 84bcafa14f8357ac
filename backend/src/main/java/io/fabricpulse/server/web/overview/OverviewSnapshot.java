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
 */
public record OverviewSnapshot(FabricSummary summary, List<PortRow> rows, int shown, int total, String showing,
                               List<ErrorCountersRow> errorRows, int withErrors, String errorsNote) {

    static OverviewSnapshot of(FabricSummary summary, List<PortRow> rows, List<ErrorCountersRow> errorRows,
                               int withErrors) {
        long errorsShown = errorRows.stream().filter(ErrorCountersRow::errors).count();
        String errorsNote = withErrors + ports(withErrors) + " with error counters above zero"
                + (withErrors > errorsShown ? ", the first " + errorsShown + " shown" : "");
        return new OverviewSnapshot(summary, rows, rows.size(), summary.ports(),
                "showing " + rows.size() + " of " + summary.ports() + ports(summary.ports()), errorRows, withErrors,
                errorsNote);
    }

    private static String ports(int count) {
        return count == 1 ? " port" : " ports";
    }
}
