package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.TestPorts;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.fabricpulse.server.web.TestPorts.node;

/**
 * The size of the demo fabric, for looking at the page in a browser: 18 spines and 36 leaves of 36
 * ports, 18 hosts per leaf (648 hosts, 702 nodes, 2,592 ports), every cable's both ends, and a few
 * faults: rising symbol errors on three cables, discards on a congested uplink, a saturated counter,
 * a host cable that is down. Test data only; deterministic for a given {@code step}.
 */
final class FatTreeSample {

    static final int SPINES = 18;
    static final int LEAVES = 36;
    static final int HOSTS_PER_LEAF = 18;
    static final int SWITCH_PORTS = 36;

    private FatTreeSample() {
    }

    /** Publishes the fabric as it is {@code step} polls after {@code start}. */
    static void publish(InMemoryFabricView fabric, Instant start, int step) {
        Instant at = start.plusSeconds(10L * step);
        List<NodeView> nodes = new ArrayList<>();
        List<PortView> ports = new ArrayList<>();
        for (int s = 1; s <= SPINES; s++) {
            nodes.add(node("spine%02d".formatted(s), spineGuid(s), NodeType.SWITCH, SWITCH_PORTS, at));
            for (int p = 1; p <= SWITCH_PORTS; p++) {
                ports.add(healthy("spine%02d".formatted(s), spineGuid(s), p, NodeType.SWITCH, lid(0, s), at, step)
                        .peer(leafGuid(p), HOSTS_PER_LEAF + s).build());
            }
        }
        for (int l = 1; l <= LEAVES; l++) {
            String leaf = "leaf%02d".formatted(l);
            nodes.add(node(leaf, leafGuid(l), NodeType.SWITCH, SWITCH_PORTS, at));
            for (int p = 1; p <= SWITCH_PORTS; p++) {
                TestPorts port = healthy(leaf, leafGuid(l), p, NodeType.SWITCH, lid(1, l), at, step);
                port = p <= HOSTS_PER_LEAF ? port.peer(hostGuid(l, p), 1) : port.peer(spineGuid(p - HOSTS_PER_LEAF), l);
                ports.add(fault(port, leaf, p, step).build());
            }
            for (int h = 1; h <= HOSTS_PER_LEAF; h++) {
                String host = "gpu%03d".formatted((l - 1) * HOSTS_PER_LEAF + h);
                nodes.add(node(host + " HCA-1", hostGuid(l, h), NodeType.CA, 1, at));
                TestPorts port = healthy(host + " HCA-1", hostGuid(l, h), 1, NodeType.CA, lid(2, (l - 1) * HOSTS_PER_LEAF + h), at, step)
                        .peer(leafGuid(l), h);
                if (l == 7 && h == 4) {
                    port = port.state(PortState.DOWN, PhysicalState.POLLING).lid(0).bytes(null, null);
                }
                ports.add(port.build());
            }
        }
        fabric.publish(at, nodes, ports);
    }

    private static TestPorts fault(TestPorts port, String leaf, int p, int step) {
        return switch (leaf + "/" + p) {
            case "leaf03/5" -> port.counter("SymbolErrorCounter", 120L + 25L * step, 2.5);
            case "leaf11/12" -> port.counter("SymbolErrorCounter", 40L + 3L * step, 0.3);
            case "leaf22/30" -> port.counter("PortXmitDiscards", 1800L + 900L * step, 90.0)
                    .counter("PortXmitWait", 5_000_000L * step, 500_000.0);
            case "leaf29/2" -> port.saturated("SymbolErrorCounter", 65535);
            case "leaf31/17" -> port.counter("SymbolErrorCounter", 7L + step, 0.1);
            default -> port;
        };
    }

    private static TestPorts healthy(String name, String guid, int port, NodeType type, int lid, Instant at, int step) {
        // Traffic varies per port and per step so the live table visibly changes.
        double load = ((port * 37 + lid * 11 + step * 13) % 100) / 100.0;
        return TestPorts.port(name, guid, port).type(type).lid(lid)
                .counter("SymbolErrorCounter", 0, 0.0).counter("PortXmitDiscards", 0, 0.0)
                .bytes(load * 12.1e9, (1 - load) * 11.7e9).sampledAt(at);
    }

    private static int lid(int layer, int index) {
        return layer * 1000 + index;
    }

    private static String spineGuid(int s) {
        return "0x7cfe900300a0%04x".formatted(s);
    }

    private static String leafGuid(int l) {
        return "0x7cfe900300b0%04x".formatted(l);
    }

    private static String hostGuid(int l, int h) {
        return "0x0c42a10300%06x".formatted(l * 100 + h);
    }
}
