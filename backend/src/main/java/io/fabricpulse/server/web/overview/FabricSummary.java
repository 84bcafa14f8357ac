package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The summary strip: the fabric in a handful of numbers, counted over all ports (not only the rows shown).
 *
 * @param nodes         all nodes
 * @param cas           channel adapters (hosts)
 * @param switches      switches
 * @param ports         all ports
 * @param active        ports in state Active
 * @param notActive     ports in any other state
 * @param down          ports Down (no link: cable out, far end off, or Polling for a peer)
 * @param init          ports Initializing: link up but no subnet manager has configured them
 * @param armed         ports Armed: configured, waiting for the SM to activate them
 * @param withErrors    ports whose SymbolErrorCounter or PortXmitDiscards rate is above zero right now
 * @param saturated     ports with at least one counter latched at its maximum
 * @param lastUpdate    collection time of the newest sample, {@code HH:mm:ss}
 * @param lastUpdateIso the same as an ISO-8601 instant, null before the first sample
 */
public record FabricSummary(int nodes, int cas, int switches, int ports, int active, int notActive,
                            int down, int init, int armed, int withErrors, int saturated, String lastUpdate, String lastUpdateIso) {

    static FabricSummary of(List<NodeView> nodes, List<PortView> ports, DisplayFormat format) {
        int cas = 0;
        int switches = 0;
        for (NodeView node : nodes) {
            if (node.type() == NodeType.CA) {
                cas++;
            } else if (node.type() == NodeType.SWITCH) {
                switches++;
            }
        }
        int active = 0;
        int down = 0;
        int init = 0;
        int armed = 0;
        int withErrors = 0;
        int saturated = 0;
        for (PortView port : ports) {
            switch (port.state()) {
                case ACTIVE -> active++;
                case DOWN -> down++;
                case INIT -> init++;
                case ARMED -> armed++;
                case null -> { }
            }
            if (port.errorRate() > 0) {
                withErrors++;
            }
            if (!port.saturated().isEmpty()) {
                saturated++;
            }
        }
        Instant last = Stream.concat(nodes.stream().map(NodeView::lastSeen), ports.stream().map(PortView::sampledAt))
                .filter(Objects::nonNull)
                .max(Instant::compareTo)
                .orElse(null);
        return new FabricSummary(nodes.size(), cas, switches, ports.size(), active, ports.size() - active,
                down, init, armed, withErrors, saturated, format.time(last), format.isoTime(last));
    }
}
