package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.UiProperties;
import org.springframework.stereotype.Component;

import java.util.List;

/** Takes an {@link OverviewSnapshot} of the live fabric: the summary over every port, rows for the worst. */
@Component
class OverviewSnapshots {

    private final FabricView fabric;
    private final DisplayFormat format;
    private final int maxRows;

    OverviewSnapshots(FabricView fabric, DisplayFormat format, UiProperties ui) {
        this.fabric = fabric;
        this.format = format;
        this.maxRows = ui.maxRows();
    }

    OverviewSnapshot current() {
        // ports() is already worst first (PortView.WORST_FIRST): the page keeps that order.
        List<PortView> ports = fabric.ports();
        List<PortRow> rows = ports.stream().limit(maxRows).map(port -> PortRow.of(port, format)).toList();
        return OverviewSnapshot.of(FabricSummary.of(fabric.nodes(), ports, format), rows);
    }
}
