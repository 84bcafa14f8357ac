package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.umad.SubnetManagerQuery;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.SubnetManagerReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The subnet managers a walk found: every port whose PortInfo has IsSM set (a CA port an SM runs behind,
 * or port 0 of a switch with an embedded SM), asked for SMInfo as {@code sminfo} asks, standbys included.
 */
final class SubnetManagers {

    private SubnetManagers() {
    }

    /**
     * Asks every IsSM port of {@code fabric} but the SM the local port names as its master, which the
     * agent's own source asks already: an SM counts each answer in its ActCount, so it is asked once a poll.
     */
    static List<SubnetManagerReport> askOthers(DiscoveredFabric fabric, int localPort, MadCalls calls) {
        DiscoveredNode start = fabric.node(fabric.startNodeGuid());
        PortInfo local = start == null ? null : start.portInfo(localPort);
        int registeredLid = local == null ? 0 : local.smLid();
        String via = Guids.format(fabric.startNodeGuid()) + ":" + localPort;
        List<SubnetManagerReport> reports = new ArrayList<>();
        for (DiscoveredNode node : fabric.nodes().values()) {
            for (Map.Entry<Integer, PortInfo> port : node.ports().entrySet()) {
                PortInfo info = node.portInfo(port.getKey());
                boolean smPort = node.isSwitch() ? port.getKey() == 0 : port.getKey() > 0;
                if (!smPort || !info.isSm()) {
                    continue;
                }
                int lid = info.lid();
                if (lid != 0 && lid == registeredLid) {
                    continue;
                }
                MadRoute route = lid > 0 && lid < 0xC000 ? new MadRoute.Lid(lid) : node.route();
                reports.add(SubnetManagerQuery.ask(calls::submit, route, lid, false, via));
            }
        }
        return reports;
    }
}
