package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.node.CounterLine;
import io.fabricpulse.server.web.node.PortSummary;

import java.util.List;
import java.util.Map;

/**
 * One end of an alert on its page, side by side with the other: the link to its port page and, when the
 * fabric still reports the port, its live state and the counters that tell a cable's health.
 *
 * @param end       name and link
 * @param reporting this end's own counters or state show the problem
 * @param port      the live port, null when the fabric no longer reports it (or a node-level alert)
 * @param counters  its error and data counters with current rates; empty when {@code port} is null
 */
public record AlertEndPanel(AlertLine.End end, boolean reporting, PortSummary port, List<CounterLine> counters) {

    static AlertEndPanel of(AlertEnd end, List<PortView> live, Map<String, NodeView> nodes, DisplayFormat format) {
        PortView port = live.stream()
                .filter(p -> p.nodeGuid().equals(end.nodeGuid()) && p.portNumber() == end.portNumber())
                .findFirst().orElse(null);
        if (port == null) {
            return new AlertEndPanel(AlertLine.End.of(end), end.reporting(), null, List.of());
        }
        List<CounterLine> counters = CounterLine.of(port, format).stream()
                .filter(c -> c.kind().equals("error") || c.kind().equals("data"))
                .toList();
        return new AlertEndPanel(AlertLine.End.of(end), end.reporting(), PortSummary.of(port, nodes, format), counters);
    }
}
