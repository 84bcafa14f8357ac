package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.InMemoryFabricView;

import java.time.Instant;
import java.util.List;

import static io.fabricpulse.server.web.TestPorts.node;
import static io.fabricpulse.server.web.TestPorts.port;

/**
 * A five-port fabric with one of each kind of trouble, in WORST_FIRST order:
 * leaf02[7] saturated SymbolErrorCounter, leaf01[3] 2.5 symbol errors/s, node003[1] Down/Polling,
 * node001[1] and node002[1] healthy (node001 at 12.5 GB/s out).
 */
final class SampleFabric {

    static final String LEAF01 = "0x0002c90200000101";
    static final String LEAF02 = "0x0002c90200000102";
    static final String NODE001 = "0x0002c90300000001";
    static final String NODE002 = "0x0002c90300000002";
    static final String NODE003 = "0x0002c90300000003";
    static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    static final Instant T1 = T0.plusSeconds(5);

    private SampleFabric() {
    }

    static List<NodeView> nodes() {
        return List.of(node("node001", NODE001, NodeType.CA, 1, T0), node("node002", NODE002, NodeType.CA, 1, T0),
                node("node003", NODE003, NodeType.CA, 1, T0), node("leaf01", LEAF01, NodeType.SWITCH, 36, T1),
                node("leaf02", LEAF02, NodeType.SWITCH, 36, T1));
    }

    /** The ports with leaf01[3]'s SymbolErrorCounter rate set to {@code leafRate}. */
    static List<PortView> ports(double leafRate) {
        return List.of(
                port("node001", NODE001, 1).lid(11).peer(LEAF01, 1)
                        .counter("SymbolErrorCounter", 0, 0.0).counter("PortXmitDiscards", 0, 0.0)
                        .bytes(12.5e9, 1.234e6).build(),
                port("node002", NODE002, 1).lid(12).peer(LEAF01, 2)
                        .counter("SymbolErrorCounter", 0, 0.0).counter("PortXmitDiscards", 0, 0.0)
                        .bytes(0.0, 0.0).build(),
                port("node003", NODE003, 1).lid(0).state(PortState.DOWN, PhysicalState.POLLING)
                        .counter("SymbolErrorCounter", 0, null).counter("PortXmitDiscards", 0, null).build(),
                port("leaf01", LEAF01, 3).type(NodeType.SWITCH).lid(2).peer(NODE003, 1)
                        .counter("SymbolErrorCounter", 1234, leafRate).counter("PortXmitDiscards", 10, 0.0)
                        .bytes(3.0e9, 2.9e9).sampledAt(T1).build(),
                port("leaf02", LEAF02, 7).type(NodeType.SWITCH).lid(3).peer(LEAF01, 20)
                        .saturated("SymbolErrorCounter", 65535).saturated("LinkDownedCounter", 255)
                        .counter("PortXmitDiscards", 4, 0.0).bytes(1.0e9, 1.0e9).sampledAt(T1).build());
    }

    static void publish(InMemoryFabricView fabric, double leafRate) {
        fabric.publish(T1, nodes(), ports(leafRate));
    }
}
