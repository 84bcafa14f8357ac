package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.ClassPortInfoField;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadField;
import io.fabricpulse.agent.mad.MadHeaderField;
import io.fabricpulse.agent.mad.MadRequest;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.NodeInfoField;
import io.fabricpulse.agent.mad.PortCountersField;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.mad.PortInfoField;
import io.fabricpulse.agent.mad.SwitchInfoField;
import io.fabricpulse.agent.umad.MadTimeoutException;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * The subnet management and performance agents of a {@link Topology}, in-process: answers directed-route
 * NodeInfo, NodeDescription, SwitchInfo, PortInfo and LinearForwardingTable by following the route's ports over the cables (never
 * through a CA, as real CAs do not forward), and PerfMgt ClassPortInfo and PortCounters by LID. For unit
 * tests of what ibsim cannot do: silent or lying nodes, routes past 63 hops, corrupted answers. A request
 * that finds no answer completes with the timeout the engine would give after its retries.
 */
final class SimulatedAgents implements MadCalls {

    /** CapabilityMask bit 14: LinkSpeedExt* valid (what ibsim's switches say on port 0). */
    private static final int EXT_SPEEDS = PortInfo.EXTENDED_SPEEDS_SUPPORTED;

    private final Topology topology;
    private final long startGuid;
    private final int startPort;
    private final Executor answerer;
    private final Map<Long, TopologyNode> nodes = new HashMap<>();
    private final Map<LinkEnd, LinkEnd> cables = new HashMap<>();
    private final Map<LinkEnd, Link> links = new HashMap<>();
    private final Map<Integer, PortAddress> byLid = new HashMap<>();
    private final Map<Integer, Long> nodeByLid = new HashMap<>();
    private final Set<Long> silent = new HashSet<>();
    private final Set<Long> enhancedPort0 = new HashSet<>();
    private final Map<Long, UnaryOperator<byte[]>> liars = new HashMap<>();
    /** Each switch's forwarding table: the out-port by LID, 0 .. LinearFdbTop. */
    private final Map<Long, byte[]> forwarding = new HashMap<>();
    private SplittableRandom dropper;
    private double dropRate;
    private int requests;

    /**
     * @param answerer where answers are completed: a single thread mimics the engine's receiver;
     *                 {@code Runnable::run} completes them inside {@code submit}
     */
    SimulatedAgents(Topology topology, long startGuid, int startPort, Executor answerer) {
        this.topology = topology;
        this.startGuid = startGuid;
        this.startPort = startPort;
        this.answerer = answerer;
        for (TopologyNode node : topology.nodes()) {
            nodes.put(node.guid(), node);
            for (PortAddress address : node.addresses()) {
                if (address.lid() > 0) {
                    byLid.put(address.lid(), address);
                    nodeByLid.put(address.lid(), node.guid());
                }
            }
        }
        for (Link link : topology.links()) {
            cables.put(link.a(), link.b());
            cables.put(link.b(), link.a());
            links.put(link.a(), link);
            links.put(link.b(), link);
        }
    }

    /** A node that answers nothing and forwards nothing. */
    SimulatedAgents silence(long guid) {
        silent.add(guid);
        return this;
    }

    /** Gives switch {@code guid} a forwarding table: {@code portsByLid[lid]} (unsigned), LinearFdbTop its last LID. */
    SimulatedAgents forwarding(long guid, byte[] portsByLid) {
        forwarding.put(guid, portsByLid.clone());
        return this;
    }

    SimulatedAgents enhancedPort0(long guid) {
        enhancedPort0.add(guid);
        return this;
    }

    /** A node whose answers pass through {@code lie} (which may change any byte) before they are sent. */
    SimulatedAgents lying(long guid, UnaryOperator<byte[]> lie) {
        liars.put(guid, lie);
        return this;
    }

    /** Loses each request with probability {@code rate} (after the engine's retries), seeded. */
    SimulatedAgents dropping(double rate, long seed) {
        dropRate = rate;
        dropper = new SplittableRandom(seed);
        return this;
    }

    synchronized int requests() {
        return requests;
    }

    @Override
    public CompletableFuture<byte[]> submit(MadRequest request) {
        CompletableFuture<byte[]> future = new CompletableFuture<>();
        byte[] answer = answer(request);
        answerer.execute(() -> {
            if (answer == null) {
                future.completeExceptionally(new MadTimeoutException(request + ": no answer in 1000 ms after 3 attempts"));
                return;
            }
            try {
                future.complete(Mads.checkResponse(request, answer));
            } catch (MadException e) {
                future.completeExceptionally(e);
            }
        });
        return future;
    }

    private synchronized byte[] answer(MadRequest request) {
        requests++;
        if (dropper != null && dropper.nextDouble() < dropRate) {
            return null;
        }
        byte[] mad = request.mad().clone();
        MadHeaderField.Method.set(mad, 0, Mads.METHOD_GET_RESPONSE);
        int modifier = (int) MadHeaderField.AttributeModifier.get(mad, 0);
        LinkEnd at = request.mgmtClass() == Mads.CLASS_SMP_DIRECTED ? follow(mad) : lidTarget(request.dlid());
        if (at == null || silent.contains(at.nodeGuid())) {
            return null;
        }
        TopologyNode node = nodes.get(at.nodeGuid());
        switch (request.attribute()) {
            case NODE_INFO -> nodeInfo(mad, node, at.port());
            case NODE_DESCRIPTION -> {
                byte[] text = node.description().getBytes(StandardCharsets.ISO_8859_1);
                System.arraycopy(text, 0, mad, Mads.DATA_OFFSET, Math.min(64, text.length));
            }
            case SWITCH_INFO -> {
                put(mad, SwitchInfoField.EnhancedPort0, enhancedPort0.contains(node.guid()) ? 1 : 0);
                byte[] table = forwarding.get(node.guid());
                put(mad, SwitchInfoField.LinearFdbTop, table == null ? 0 : table.length - 1);
            }
            case LINEAR_FORWARDING_TABLE -> {
                byte[] table = forwarding.getOrDefault(node.guid(), new byte[0]);
                for (int i = 0; i < 64; i++) {
                    int lid = modifier * 64 + i;
                    mad[Mads.DATA_OFFSET + i] = lid < table.length ? table[lid] : (byte) 0xff;
                }
            }
            case PORT_INFO -> {
                if (modifier > node.numPorts() || (!node.isSwitch() && modifier == 0)) {
                    MadHeaderField.Status.set(mad, 0, 0x1c); // invalid attribute modifier
                } else {
                    portInfo(mad, node, modifier, at.port());
                }
            }
            case PERF_CLASS_PORT_INFO -> put(mad, ClassPortInfoField.CapabilityMask,
                    ClassPortInfo.ALL_PORT_SELECT | ClassPortInfo.PORT_XMIT_WAIT);
            case PORT_COUNTERS -> counters(mad, request.dlid(), mad[Mads.DATA_OFFSET + 1] & 0xff);
            default -> throw new IllegalArgumentException("not simulated: " + request.attribute());
        }
        UnaryOperator<byte[]> lie = liars.get(node.guid());
        return lie == null ? mad : lie.apply(mad);
    }

    /** Where a directed route ends (node and the port it entered by), or null where it cannot go. */
    private LinkEnd follow(byte[] mad) {
        int hops = (int) MadHeaderField.HopCount.get(mad, 0);
        long guid = startGuid;
        int entered = startPort;
        for (int hop = 1; hop <= hops; hop++) {
            int out = mad[128 + hop] & 0xff;
            TopologyNode node = nodes.get(guid);
            boolean forwards = node.isSwitch() || (hop == 1 && out == startPort);
            if (!forwards || silent.contains(guid) || out < 1 || out > node.numPorts()) {
                return null;
            }
            LinkEnd far = cables.get(new LinkEnd(guid, out));
            if (far == null) {
                return null;
            }
            guid = far.nodeGuid();
            entered = far.port();
        }
        return new LinkEnd(guid, Math.max(entered, 1));
    }

    private LinkEnd lidTarget(int lid) {
        Long guid = nodeByLid.get(lid);
        PortAddress address = byLid.get(lid);
        return guid == null ? null : new LinkEnd(guid, Math.max(address.port(), 1));
    }

    private void nodeInfo(byte[] mad, TopologyNode node, int entered) {
        put(mad, NodeInfoField.BaseVers, 1);
        put(mad, NodeInfoField.ClassVers, 1);
        put(mad, NodeInfoField.NodeType, node.type().ordinal() + 1);
        put(mad, NodeInfoField.NumPorts, node.numPorts());
        put(mad, NodeInfoField.SystemGuid, node.systemImageGuid());
        put(mad, NodeInfoField.Guid, node.guid());
        PortAddress address = node.address(node.isSwitch() ? 0 : entered);
        put(mad, NodeInfoField.PortGuid, address == null ? node.guid() + entered : address.guid());
        put(mad, NodeInfoField.DevId, node.deviceId());
        put(mad, NodeInfoField.LocalPort, entered);
        put(mad, NodeInfoField.VendorId, node.vendorId());
    }

    private void portInfo(byte[] mad, TopologyNode node, int port, int entered) {
        PortAddress address = node.address(node.isSwitch() ? 0 : port);
        put(mad, PortInfoField.Lid, address == null ? 0 : address.lid());
        put(mad, PortInfoField.LocalPort, entered);
        put(mad, PortInfoField.LinkWidthSupported, 0x3);
        put(mad, PortInfoField.LinkSpeedSupported, 0x7);
        // Enabled as supported: what opensm sets every port to by default.
        put(mad, PortInfoField.LinkWidthEnabled, 0x3);
        put(mad, PortInfoField.LinkSpeedEnabled, 0x7);
        if (port == 0 || !node.isSwitch()) {
            put(mad, PortInfoField.CapMask, EXT_SPEEDS);
        }
        Link link = port == 0 ? null : links.get(new LinkEnd(node.guid(), port));
        if (port == 0) {
            put(mad, PortInfoField.LinkState, 4);
            put(mad, PortInfoField.PhysLinkState, 5);
            return;
        }
        put(mad, PortInfoField.LinkState, link == null ? 1 : 4);
        put(mad, PortInfoField.PhysLinkState, link == null ? 2 : 5);
        if (link != null) {
            put(mad, PortInfoField.LinkWidthActive, link.width() == null ? 0 : link.width().bit());
            LinkSpeed speed = link.speed();
            if (speed != null && speed.ordinal() >= LinkSpeed.FDR.ordinal()) {
                put(mad, PortInfoField.LinkSpeedActive, 4);
                put(mad, PortInfoField.LinkSpeedExtActive, 1 << (speed.ordinal() - LinkSpeed.FDR.ordinal()));
            } else {
                put(mad, PortInfoField.LinkSpeedActive, speed == null ? 0 : 1 << speed.ordinal());
            }
        }
    }

    /** Counters that name their port: SymbolErrorCounter = port, PortXmitData = LID × 1000 + port. */
    private static void counters(byte[] mad, int lid, int port) {
        put(mad, PortCountersField.SymbolErrorCounter, port);
        put(mad, PortCountersField.PortXmitData, lid * 1000L + port);
    }

    private static void put(byte[] mad, MadField field, long value) {
        field.set(mad, Mads.DATA_OFFSET, value);
    }

    /** The attribute a request asks for (for liars that lie about one attribute only). */
    static MadAttribute attributeOf(byte[] mad) {
        int id = (int) MadHeaderField.AttributeId.get(mad, 0);
        int mgmtClass = (int) MadHeaderField.MgmtClass.get(mad, 0);
        for (MadAttribute attribute : MadAttribute.values()) {
            if (attribute.id() == id && attribute.performance() == (mgmtClass == Mads.CLASS_PERF)) {
                return attribute;
            }
        }
        throw new IllegalArgumentException("attribute 0x" + Integer.toHexString(id));
    }
}
