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
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.ingest.SubnetManagerReport;
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
    /** What the latest poll's SMInfo queries answered; read by the collector after the poll. */
    private volatile List<SubnetManagerReport> subnetManagers = List.of();

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

    /** The engines this source polls through: orders from the server share them (see the constructor). */
    public EnginePool engines() {
        return engines;
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
        List<SubnetManagerReport> managers = new ArrayList<>();
        int failures = 0;
        for (LocalCa ca : cas) {
            List<PortReport> local = new ArrayList<>();
            for (LocalPort port : ca.ports()) {
                if (!port.infiniBand()) {
                    continue;
                }
                try {
                    local.add(pollPort(ca, port, nodes, managers));
                } catch (MadException | UmadUnavailableException e) {
                    failures++;
                    log.warn("umad: {} port {} left out of this poll: {}", ca.name(), port.portNumber(), e.getMessage());
                }
            }
            // the CA's own NodeInfo and NodeDescription, asked together through any open port of it
            PortPoller any = engines.anyOpenOn(ca.name()).map(PortPoller::new).orElse(null);
            PortPoller.Asked nodeInfo = any == null ? null : any.askSmp(MadRoute.Directed.of(), MadAttribute.NODE_INFO, 0);
            PortPoller.Asked nodeDescription = any == null ? null
                    : any.askSmp(MadRoute.Directed.of(), MadAttribute.NODE_DESCRIPTION, 0);
            NodeInfo self = selfInfo(nodeInfo, ca.name());
            nodes.addFirst(new NodeReport(Guids.format(ca.nodeGuid()), Guids.format(ca.systemImageGuid()),
                    ca.nodeType() == 2 ? NodeType.SWITCH : NodeType.CA, description(nodeDescription, ca.name()),
                    blank(ca.caType()),
                    blank(ca.firmware()), null, List.copyOf(local), self == null ? null : self.vendorId(),
                    self == null ? null : self.deviceId(), self == null ? null : self.revision(),
                    self == null ? null : self.numPorts(), null, null));
        }
        subnetManagers = List.copyOf(managers);
        if (cas.isEmpty() || (failures > 0 && nodes.stream().allMatch(n -> n.ports().isEmpty()))) {
            throw new SourceException("umad read no port: " + (cas.isEmpty() ? "no RDMA device visible"
                    : failures + " port(s) failed, see the log"));
        }
        return List.copyOf(nodes);
    }

    /**
     * One local port's MADs in five round trips rather than twelve: what does not depend on an earlier
     * answer goes out together (the local sample and SMInfo while the cable's far end is asked about,
     * the far end's PortInfo, port 0's PortInfo and NodeDescription at once, ClassPortInfo with
     * PortCounters); the set of requests is the same.
     */
    private PortReport pollPort(LocalCa ca, LocalPort port, List<NodeReport> peers,
                                List<SubnetManagerReport> managers) throws MadException, UmadUnavailableException {
        MadEngine engine = engines.engine(ca, port);
        PortPoller poller = new PortPoller(engine);
        MadRoute self = MadRoute.Directed.of();
        PortInfo info = poller.portInfo(self, port.portNumber());
        PortPoller.Sample localSample = poller.startSample(info.lid(), port.portNumber());
        String via = Guids.format(ca.nodeGuid()) + ":" + port.portNumber();
        boolean askSm = info.state() == PortState.ACTIVE && info.smLid() != 0;
        PortPoller.Asked smInfo = askSm ? poller.askSmp(new MadRoute.Lid(info.smLid()), MadAttribute.SM_INFO, 0) : null;
        PeerPort peer = null;
        if (info.physicalState() == PhysicalState.LINK_UP.code()) {
            MadRoute overCable = MadRoute.Directed.of(port.portNumber());
            NodeInfo remote = poller.nodeInfo(overCable);
            PortPoller.Asked remotePort = poller.askSmp(overCable, MadAttribute.PORT_INFO, remote.localPortNumber());
            PortPoller.Asked switchPort0 = remote.nodeType() == NodeType.SWITCH
                    ? poller.askSmp(overCable, MadAttribute.PORT_INFO, 0) : null;
            PortPoller.Asked description = poller.askSmp(overCable, MadAttribute.NODE_DESCRIPTION, 0);
            PortInfo remoteInfo = PortInfo.decode(remotePort.answer());
            PortInfo governing = switchPort0 == null ? remoteInfo : PortInfo.decode(switchPort0.answer());
            peer = new PeerPort(Guids.format(remote.nodeGuid()), remote.localPortNumber(),
                    remoteInfo.withCapabilityMask(governing.capabilityMask()).capability());
            peers.add(peerNode(poller, remote, remoteInfo, governing, description.answer().nodeDescription(),
                    new PeerPort(Guids.format(ca.nodeGuid()), port.portNumber(), info.capability())));
        }
        if (info.state() == PortState.ACTIVE) {
            managers.add(smInfo == null ? SubnetManagerQuery.noneNamed(via)
                    : SubnetManagerQuery.ask(request -> smInfo.future(), new MadRoute.Lid(info.smLid()), info.smLid(),
                    true, via));
        }
        return localSample.finish(info, peer);
    }

    /**
     * The far end of the cable as a node with that one port; a switch is addressed by its port 0's LID,
     * and its external port's extended speeds are valid as port 0's capability mask says.
     */
    private static NodeReport peerNode(PortPoller poller, NodeInfo remote, PortInfo portInfo, PortInfo governing,
                                       String description, PeerPort back) throws MadException {
        int remotePort = remote.localPortNumber();
        PortReport sample = poller.sample(governing.lid(), remotePort,
                portInfo.withCapabilityMask(governing.capabilityMask()), back);
        return new NodeReport(Guids.format(remote.nodeGuid()), Guids.format(remote.systemImageGuid()),
                remote.nodeType(), description, null, null, null, List.of(sample), remote.vendorId(),
                remote.deviceId(), remote.revision(), remote.numPorts(), null, null);
    }

    /** This CA's own NodeInfo (vendor, device, revision), null when no port of it answers. */
    private NodeInfo selfInfo(PortPoller.Asked nodeInfo, String caName) {
        try {
            return nodeInfo == null ? null : NodeInfo.decode(nodeInfo.answer());
        } catch (MadException e) {
            log.debug("umad: NodeInfo of {} not read: {}", caName, e.getMessage());
            return null;
        }
    }

    /** The SMInfo answers of the latest poll: the master SM each Active local port names. */
    @Override
    public List<SubnetManagerReport> subnetManagers() {
        return subnetManagers;
    }

    private static String description(PortPoller.Asked nodeDescription, String caName) {
        try {
            return nodeDescription == null ? caName : nodeDescription.answer().nodeDescription();
        } catch (MadException e) {
            return caName;
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
