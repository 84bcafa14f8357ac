package io.fabricpulse.server.web.node;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.alerting.IntendedDowns;
import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.store.AlertFilter;
import io.fabricpulse.server.alerting.store.AlertOrder;
import io.fabricpulse.server.commands.CommandView;
import io.fabricpulse.server.commands.PortCommands;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.fabric.counterclear.CounterClearHistory;
import io.fabricpulse.server.topology.CableHistory;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.model.PortEnd;
import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.web.AlertListQuery;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code GET /nodes/{guid}} and {@code GET /nodes/{guid}/ports/{port}}. The GUID may be written the ways
 * the tools write it ({@code 0x0002c903003178f0}, {@code 2c903003178f0}); the page shows the canonical form.
 */
@Controller
class NodeController {

    static final String NODE_VIEW = "node/node";
    static final String PORT_VIEW = "node/port";
    /** Clears of one port shown on its page, newest first; older ones stay in the API. */
    static final int CLEAR_HISTORY = 50;
    /** Orders on one port shown on its page, newest first. */
    static final int ACTION_HISTORY = 20;
    /** Open alerts a node or port page lists; the alert list, filtered to it, has them all. */
    static final int OPEN_ALERTS = 20;

    private final FabricView fabric;
    private final CounterClearHistory clears;
    private final ClusterDirectory clusters;
    private final DisplayFormat format;
    private final Clock clock;
    private final PortCommands commands;
    private final CableHistory cables;
    private final AlertViews alerts;

    NodeController(FabricView fabric, CounterClearHistory clears, ClusterDirectory clusters,
                   DisplayFormat format, PortCommands commands, CableHistory cables, AlertViews alerts, Clock clock) {
        this.commands = commands;
        this.alerts = alerts;
        this.cables = cables;
        this.clock = clock;
        this.fabric = fabric;
        this.clears = clears;
        this.clusters = clusters;
        this.format = format;
    }

    @GetMapping("/nodes/{guid}")
    String node(@PathVariable String guid, Model model) {
        NodeView node = node(guid);
        Map<String, NodeView> nodes = byGuid();
        List<PortView> ports = portsOf(node.guid());
        model.addAttribute("node", NodeIdentity.of(node, ports, format));
        model.addAttribute("ports", ports.stream().map(p -> PortSummary.of(p, nodes, format)).toList());
        model.addAttribute("clusters", clusters.clustersOf(node.guid()));
        model.addAttribute("zone", format.zoneLabel());
        model.addAttribute("alerts", openAlerts(node.guid(), null).map(this::lines));
        model.addAttribute("alertsHref", AlertListQuery.hrefFor(node.guid(), null));
        return NODE_VIEW;
    }

    @GetMapping("/nodes/{guid}/ports/{port}")
    String port(@PathVariable String guid, @PathVariable String port, Model model) {
        NodeView node = node(guid);
        int number = portNumber(port);
        List<PortView> ports = portsOf(node.guid());
        PortView view = ports.stream().filter(p -> p.portNumber() == number).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "node " + node.guid() + " ("
                        + node.name() + ") has no port " + number + "; its ports are "
                        + ports.stream().map(p -> String.valueOf(p.portNumber())).collect(Collectors.joining(", "))));
        model.addAttribute("node", NodeIdentity.of(node, ports, format));
        model.addAttribute("port", PortSummary.of(view, byGuid(), format));
        model.addAttribute("counters", CounterLine.of(view, format));
        model.addAttribute("clears", clears.ofPort(node.guid(), number, CLEAR_HISTORY)
                .map(row -> ClearLine.of(row, format)).collectList());
        model.addAttribute("actions", commands.ofPort(node.guid(), number, ACTION_HISTORY)
                .map(row -> PortActionLine.of(CommandView.of(row), format)).collectList());
        IntendedDowns.IntendedDown down = commands.disabledOnPurpose(node.guid(), number);
        model.addAttribute("disabledOnPurpose", down == null ? null : "disabled by " + down.by() + " at "
                + format.dateTime(down.at()) + " " + format.zoneLabel() + ": " + down.reason());
        // What the confirmations name: the port with its counters now, and who sits at the far end.
        model.addAttribute("counterSummary", view.counters().entrySet().stream()
                .filter(counter -> counter.getValue() != 0)
                .map(counter -> counter.getKey() + "=" + Long.toUnsignedString(counter.getValue()))
                .collect(Collectors.joining(", ")));
        // A port that is down reports no far end: the cable history knows where its cable went.
        PortEnd peer = view.peerGuid() != null ? new PortEnd(view.peerGuid(), view.peerPort())
                : cables.expectedPeer(view.nodeGuid(), view.portNumber());
        NodeView far = peer == null ? null : byGuid().get(peer.nodeGuid());
        model.addAttribute("farEnd", peer == null ? "not known (no cable seen on this port)"
                : (far == null ? peer.nodeGuid() : far.name()) + " port " + peer.port());
        model.addAttribute("zone", format.zoneLabel());
        Mono<List<AlertView>> open = openAlerts(node.guid(), number).cache();
        model.addAttribute("alerts", open.map(this::lines));
        model.addAttribute("alertsHref", AlertListQuery.hrefFor(node.guid(), number));
        model.addAttribute("chartCounters", ChartCounter.ALL);
        // A port that alerts opens its chart on what it alerts on, not on bytes/s.
        model.addAttribute("chartCounter", open.map(list -> ChartCounter.opening(
                list.stream().map(alert -> alert.context().counter()).toList())));
        model.addAttribute("linkBytesPerSecond", view.derived() == null
                || view.derived().linkDataRateBitsPerSecond() == null ? null : view.derived().linkDataRateBitsPerSecond() / 8);
        // The charts ask for "the last hour" in the server's time, not the browser's: a NOC workstation's
        // clock may be off, and a range that ends in the server's future or past shows a gap.
        model.addAttribute("serverNow", clock.millis());
        return PORT_VIEW;
    }

    /** The open alerts (firing or acknowledged) of a node, or of one of its ports and its cable, worst first. */
    private Mono<List<AlertView>> openAlerts(String guid, Integer port) {
        return alerts.search(new AlertFilter("OPEN", null, guid, port, null, null, null), AlertOrder.WORST_FIRST, 0,
                OPEN_ALERTS).collectList();
    }

    private List<AlertLine> lines(List<AlertView> open) {
        Instant now = clock.instant();
        return open.stream().map(alert -> AlertLine.of(alert, format, now)).toList();
    }

    private NodeView node(String text) {
        String guid;
        try {
            guid = Guids.format(Guids.parse(text));
        } catch (IllegalArgumentException e) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "'" + text
                    + "' is not a node GUID: write 0x and up to 16 hex digits, e.g. 0x0002c903003178f0");
        }
        return fabric.nodes().stream().filter(n -> n.guid().equals(guid)).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                        "no node " + guid + " has been reported (yet)"));
    }

    private static int portNumber(String text) {
        return PageParameters.portNumber(text).orElseThrow(() -> new ResponseStatusException(HttpStatus.BAD_REQUEST,
                "'" + text + "' is not a port number from 0 to 255"));
    }

    private List<PortView> portsOf(String guid) {
        return fabric.ports(p -> p.nodeGuid().equals(guid)).stream()
                .sorted(Comparator.comparingInt(PortView::portNumber)).toList();
    }

    private Map<String, NodeView> byGuid() {
        return fabric.nodes().stream().collect(Collectors.toMap(NodeView::guid, Function.identity(), (a, b) -> a));
    }
}
