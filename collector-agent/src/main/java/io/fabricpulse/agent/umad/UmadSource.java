package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.NodeInfo;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The umad source: every InfiniBand port of every local CA, read with native MADs. For each port:
 * PortInfo and counters; over each cable a one-hop directed-route NodeInfo names the peer (its
 * GUID and the port the cable plugs into), and when the peer is a switch its port is sampled too,
 * by the switch's LID, and reported as a node of its own.
 */
public final class UmadSource implements PortSource {

    private static final Logger log = LoggerFactory.getLogger(UmadSource.class);

    private final UmadLibrary umad;
    private final EnginePool engines;

    public UmadSource(UmadLibrary umad, EngineSettings settings, Clock clock) {
        this(umad, new EnginePool(umad, settings, clock));
    }

    /**
     * A source that talks through {@code engines}, shared with other users of the same ports: two engines
     * on one port in one process would both register for the same management classes, and umad2sim
     * hands each class's answers to only one of them.
     */
    public UmadSource(UmadLibrary umad, EnginePool engines) {
        this.umad = umad;
        this.engines = engines;
    }

    @Override
    public String name() {
        return "umad";
    }

    @Override
    public List<NodeReport> poll() throws SourceException {
        List<LocalCa> cas;
        try {
            cas = UmadSession.listCas(umad);
        } catch (UmadUnavailableException e) {
            throw new SourceException(e.getMessage(), e);
        }
        List<NodeReport> nodes = new ArrayList<>();
        int failures = 0;
        for (LocalCa ca : cas) {
            List<PortReport> local = new ArrayList<>();
            for (LocalPort port : ca.ports()) {
                if (!port.infiniBand()) {
                    continue;
                }
                try {
                    local.add(pollPort(ca, port, nodes));
                } catch (MadException | UmadUnavailableException e) {
                    failures++;
                    log.warn("umad: {} port {} left out of this poll: {}", ca.name(), port.portNumber(), e.getMessage());
                }
            }
            nodes.addFirst(new NodeReport(Guids.format(ca.nodeGuid()), Guids.format(ca.systemImageGuid()),
                    ca.nodeType() == 2 ? NodeType.SWITCH : NodeType.CA, description(ca), blank(ca.caType()),
                    blank(ca.firmware()), null, List.copyOf(local)));
        }
        if (cas.isEmpty() || (failures > 0 && nodes.stream().allMatch(n -> n.ports().isEmpty()))) {
            throw new SourceException("umad read no port: " + (cas.isEmpty() ? "no RDMA device visible"
                    : failures + " port(s) failed, see the log"));
        }
        return List.copyOf(nodes);
    }

    private PortReport pollPort(LocalCa ca, LocalPort port, List<NodeReport> peers)
            throws MadException, UmadUnavailableException {
        PortPoller poller = new PortPoller(engines.engine(ca, port));
        MadRoute self = MadRoute.Directed.of();
        PortInfo info = poller.portInfo(self, port.portNumber());
        PeerPort peer = null;
        if (info.physicalState() == PhysicalState.LINK_UP.code()) {
            MadRoute overCable = MadRoute.Directed.of(port.portNumber());
            NodeInfo remote = poller.nodeInfo(overCable);
            peer = new PeerPort(Guids.format(remote.nodeGuid()), remote.localPortNumber());
            peers.add(peerNode(poller, overCable, remote, new PeerPort(Guids.format(ca.nodeGuid()), port.portNumber())));
        }
        return poller.sample(info.lid(), port.portNumber(), info, peer);
    }

    /** The far end of the cable as a node with that one port; a switch is addressed by its port 0's LID. */
    private static NodeReport peerNode(PortPoller poller, MadRoute overCable, NodeInfo remote, PeerPort back)
            throws MadException {
        int remotePort = remote.localPortNumber();
        PortInfo portInfo = poller.portInfo(overCable, remotePort);
        int lid = remote.nodeType() == NodeType.SWITCH ? poller.portInfo(overCable, 0).lid() : portInfo.lid();
        String description = poller.get(overCable, MadAttribute.NODE_DESCRIPTION, 0).nodeDescription();
        PortReport sample = poller.sample(lid, remotePort, portInfo, back);
        return new NodeReport(Guids.format(remote.nodeGuid()), Guids.format(remote.systemImageGuid()),
                remote.nodeType(), description, null, null, null, List.of(sample));
    }

    private String description(LocalCa ca) {
        try {
            MadEngine any = engines.anyOpenOn(ca.name()).orElse(null);
            return any == null ? ca.name()
                    : new PortPoller(any).get(MadRoute.Directed.of(), MadAttribute.NODE_DESCRIPTION, 0).nodeDescription();
        } catch (MadException e) {
            return ca.name();
        }
    }

    private static String blank(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    @Override
    public void close() {
        engines.close();
    }
}
