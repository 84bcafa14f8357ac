package io.fabricpulse.server.web;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.DerivedRates;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Builds {@link PortView}s and {@link NodeView}s for tests: a healthy Active 4X EDR port unless told otherwise. */
public final class TestPorts {

    private String nodeGuid = "0x0002c90300000001";
    private String nodeName = "node";
    private NodeType nodeType = NodeType.CA;
    private int portNumber = 1;
    private int lid = 1;
    private PortState state = PortState.ACTIVE;
    private PhysicalState physicalState = PhysicalState.LINK_UP;
    private String width = "4X";
    private String speed = "EDR";
    private String peerGuid;
    private int peerPort;
    private final Map<String, Long> counters = new HashMap<>();
    private final Map<String, Double> rates = new HashMap<>();
    private Double xmit;
    private Double rcv;
    private DerivedRates derived = DerivedRates.NONE;
    private final Set<String> saturated = new HashSet<>();
    private Instant sampledAt = Instant.parse("2026-03-01T12:00:00Z");
    private String linkLayer;
    private Double linkRateGbps;
    private int capabilityBits;
    private int peerCapabilityBits;

    private TestPorts() {
    }

    public static TestPorts port(String nodeName, String nodeGuid, int portNumber) {
        TestPorts b = new TestPorts();
        b.nodeName = nodeName;
        b.nodeGuid = nodeGuid;
        b.portNumber = portNumber;
        return b;
    }

    public static NodeView node(String name, String guid, NodeType type, int ports, Instant lastSeen) {
        return new NodeView(guid, name, type, name, type == NodeType.CA ? "MT4123" : null, "20.31.1014", ports, lastSeen);
    }

    public TestPorts type(NodeType type) {
        this.nodeType = type;
        return this;
    }

    public TestPorts lid(int lid) {
        this.lid = lid;
        return this;
    }

    public TestPorts state(PortState state, PhysicalState physicalState) {
        this.state = state;
        this.physicalState = physicalState;
        if (state != PortState.ACTIVE) {
            width = null;
            speed = null;
        }
        return this;
    }

    public TestPorts link(String width, String speed) {
        this.width = width;
        this.speed = speed;
        return this;
    }

    public TestPorts peer(String guid, int port) {
        this.peerGuid = guid;
        this.peerPort = port;
        return this;
    }

    public TestPorts counter(String name, long value, Double rate) {
        counters.put(name, value);
        if (rate != null) {
            rates.put(name, rate);
        }
        return this;
    }

    public TestPorts saturated(String name, long max) {
        counters.put(name, max);
        rates.remove(name);
        saturated.add(name);
        return this;
    }

    public TestPorts bytes(Double xmit, Double rcv) {
        this.xmit = xmit;
        this.rcv = rcv;
        return this;
    }

    public TestPorts derived(DerivedRates derived) {
        this.derived = derived;
        return this;
    }

    /** What the port supports and has enabled (both ends are judged by it). */
    public TestPorts capability(PortCapability capability) {
        this.capabilityBits = PortView.bits(capability);
        return this;
    }

    /** What this port's agent read of its far end's capability. */
    public TestPorts peerCapability(PortCapability capability) {
        this.peerCapabilityBits = PortView.bits(capability);
        return this;
    }

    /** An Ethernet (RoCE) port at {@code gbps}: no InfiniBand width and speed. */
    public TestPorts ethernet(double gbps) {
        this.linkLayer = "Ethernet";
        this.linkRateGbps = gbps;
        this.width = null;
        this.speed = null;
        return this;
    }

    public TestPorts sampledAt(Instant at) {
        this.sampledAt = at;
        return this;
    }

    public PortView build() {
        return new PortView(nodeGuid, nodeName, nodeType, portNumber, lid, state, physicalState, width, speed,
                peerGuid, peerPort, Map.copyOf(counters), Map.copyOf(rates), xmit, rcv, derived, saturatedSince(),
                sampledAt, linkLayer, linkRateGbps, CounterWidth.BASIC, capabilityBits, peerCapabilityBits, 0, 0, null);
    }

    /** Latched since the sample time: what the server knows when it first sees a counter at its maximum. */
    private Map<String, Instant> saturatedSince() {
        Map<String, Instant> since = new java.util.TreeMap<>();
        saturated.forEach(name -> since.put(name, sampledAt));
        return since;
    }
}
