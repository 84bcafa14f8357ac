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
 */
public record OverviewSnapshot(FabricSummary summary, List<PortRow> rows, int shown, int total, String showing) {

    static OverviewSnapshot of(FabricSummary summary, List<PortRow> rows) {
        return new OverviewSnapshot(summary, rows, rows.size(), summary.ports(),
                "showing " + rows.size() + " of " + summary.ports() + (summary.ports() == 1 ? " port" : " ports"));
    }
}
