package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.CommandBatchMain;
import io.fabricpulse.agent.testing.FabricPorts;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.fabricpulse.agent.testing.ParityAssert.assertBothFail;
import static io.fabricpulse.agent.testing.ParityAssert.assertSameOutput;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Parity on a fabric unlike the others (three-tier.net): three switch tiers, a router, 1X/2X/8X/12X
 * links at SDR to QDR and FDR/EDR/HDR, LMC 2, dark ports on multi-port CAs, odd node descriptions.
 * Besides the shared walk of every port, it asks what an operator may ask that the walk does not:
 * switch port 0 and the AllPortSelect aggregate, every port of a CA through each of its LIDs, the
 * other LIDs of an LMC range, the router also by a four-hop directed route, the argument-less
 * forms on a CA and on a switch, a node-name map, and addresses nobody answers.
 */
class ThreeTierParityIT extends AbstractMadParityIT {

    private static final int LMC = 2;
    /** From gpu-2 port 1: edge-1 out 8 to agg, out 7 to the spine, out 20 to the router. */
    private static final String ROUTER_ROUTE = "0,1,8,7,20";

    @Override
    Path topology(Path workDir) {
        return FourHcaParityIT.resource("/topologies/three-tier.net", workDir);
    }

    @Override
    String host() {
        return "gpu-2";
    }

    @Override
    int lmc() {
        return LMC;
    }

    @Override
    List<FabricPorts.Port> sample(List<FabricPorts.Port> all) {
        return all;
    }

    @Override
    List<NodePort> injectionTargets() {
        return List.of(new NodePort("edge-2", 7), new NodePort("gpu-1", 2));
    }

    @Override
    NodePort unlinkedCa() {
        return new NodePort("gpu-2", 2);
    }

    @Override
    NodePort unlinkedSwitchSide() {
        return new NodePort("edge-2", 1);
    }

    @Override
    String lossySwitch() {
        return "agg";
    }

    @Test
    @Order(0)
    void theFabricIsTheOneWritten() {
        // every switch port, the cabled CA ports and the router's port
        assertThat(ports()).hasSize(36 + 8 + 8 + 8 + 9 + 1);
        assertThat(ports()).filteredOn(p -> !p.isSwitch()).extracting(FabricPorts.Port::lid)
                .allMatch(lid -> lid % (1 << LMC) == 0, "end port base LIDs are multiples of 2^LMC");
        assertThat(fabric().tool(host(), "ibnetdiscover", "-p").stdout())
                .contains("12x HDR", "1x FDR", "2x DDR", "8x QDR", "4x EDR", "4x FDR", "4x HDR")
                .containsPattern("RT +%d +1 0x0002c90300c00001".formatted(lid("router to the storage subnet", 1)));
    }

    @Test
    @Order(0)
    void switchPortZeroAndTheAllPortSelectAggregate() {
        for (int lid : lids(true)) {
            for (String command : List.of("perfquery %d 0", "perfquery -x %d 0", "smpquery portinfo %d 0",
                    "perfquery %d 255", "perfquery -x %d 255", "smpquery switchinfo %d", "smpquery portinfo %d")) {
                assertSameOutput(fabric(), agent(), host(), command.formatted(lid));
            }
        }
    }

    @Test
    @Order(0)
    void everyPortOfEveryCaThroughEachOfItsLids() {
        for (FabricPorts.Port ca : ports().stream().filter(p -> !p.isSwitch()).toList()) {
            int numPorts = numPorts(ca.lid());
            // no port: PortInfo of the port the query arrives on
            assertSameOutput(fabric(), agent(), host(), "smpquery portinfo " + ca.lid());
            for (int other = 1; other <= numPorts; other++) {
                if (other == ca.port()) {
                    continue;
                }
                // PortInfo of a sibling port, dark or cabled, comes through this port's LID ...
                assertSameOutput(fabric(), agent(), host(), "smpquery portinfo %d %d".formatted(ca.lid(), other));
                // ... its counters do not: a CA's performance agent answers for the port asked on only
                assertBothFail(fabric(), agent(), host(), "perfquery %d %d".formatted(ca.lid(), other),
                        "PORT_COUNTERS Lid %d port %d (attr 0x0012): MAD status 0x001c".formatted(ca.lid(), other));
            }
            assertBothFail(fabric(), agent(), host(), "perfquery %d 255".formatted(ca.lid()),
                    "Lid %d: AllPortSelect not supported".formatted(ca.lid()));
        }
    }

    @Test
    @Order(0)
    void everyLidOfAnLmcRangeReachesTheSamePort() {
        for (FabricPorts.Port ca : ports().stream().filter(p -> !p.isSwitch()).toList()) {
            int last = ca.lid() + (1 << LMC) - 1;
            assertSameOutput(fabric(), agent(), host(), "perfquery %d %d".formatted(last, ca.port()));
            assertSameOutput(fabric(), agent(), host(), "smpquery portinfo %d %d".formatted(last, ca.port()));
            assertSameOutput(fabric(), agent(), host(), "smpquery nodeinfo " + (ca.lid() + 1));
        }
        assertThat(agent().run("smpquery portinfo %d 1".formatted(lid("gpu-2", 1))).stdout())
                .contains("LMC:.............................2");
    }

    @Test
    @Order(0)
    void theRouterAnswersByDirectedRouteAsByLid() {
        for (String command : List.of("smpquery -D nodeinfo %s", "smpquery -D nodedesc %s",
                "smpquery -D portinfo %s 1", "smpquery -D portinfo %s 2")) {
            assertSameOutput(fabric(), agent(), host(), command.formatted(ROUTER_ROUTE));
        }
        assertThat(agent().run("smpquery -D nodeinfo " + ROUTER_ROUTE).stdout())
                .contains("NodeType:........................Router");
        assertSameOutput(fabric(), agent(), host(), "smpquery -D switchinfo 0,1");
        assertSameOutput(fabric(), agent(), host(), "smpquery -D portinfo 0,1,8,7 36");
    }

    @Test
    @Order(0)
    void withoutArgumentsBothAskTheLocalPortOnACaAndOnASwitch() {
        assertSameOutput(fabric(), agent(), host(), "perfquery");
        assertSameOutput(fabric(), agent(), host(), "perfquery -x");
        assertSameOutput(fabric(), agent(), host(), "smpquery -D portinfo 0 1");
        // a client on a switch sits on its management port 0
        try (AgentJvm onSwitch = fabric().agentJvm("edge-1", CommandBatchMain.class)) {
            for (String command : List.of("perfquery", "perfquery -x", "smpquery -D nodeinfo 0",
                    "smpquery -D portinfo 0 8", "smpquery -D nodedesc 0,8")) {
                assertSameOutput(fabric(), onSwitch, "edge-1", command);
            }
        }
    }

    @Test
    @Order(0)
    void numbersAreReadAsInfinibandDiagsReadsThem() {
        int spine = lid("spine-01 \"core\" rack 7", 1);
        assertSameOutput(fabric(), agent(), host(), "perfquery 0x%x 0x24".formatted(spine));
        assertSameOutput(fabric(), agent(), host(), "smpquery portinfo 0x%x 036".formatted(spine));
    }

    @Test
    @Order(0)
    void addressesNobodyAnswersFailWithAPreciseMessage() {
        int unknown = ports().stream().mapToInt(FabricPorts.Port::lid).max().orElseThrow() + (1 << LMC) + 40;
        assertBothFail(fabric(), agent(), host(), "perfquery -t 200 %d 1".formatted(unknown),
                "PERF_CLASS_PORT_INFO Lid %d port 1 (attr 0x0001): no answer".formatted(unknown));
        assertBothFail(fabric(), agent(), host(), "smpquery -t 200 nodeinfo " + unknown,
                "NODE_INFO Lid %d (attr 0x0011): no answer".formatted(unknown));
        assertBothFail(fabric(), agent(), host(), "smpquery -t 200 -D nodedesc 0,1,8,7,21",
                "NODE_INFO DR path slid 65535; dlid 65535; 0,1,8,7,21 (attr 0x0011): no answer");
        assertBothFail(fabric(), agent(), host(), "perfquery 0 1", "not a unicast LID: 0");
        assertBothFail(fabric(), agent(), host(), "smpquery nodeinfo 0xc000", "not a unicast LID: 49152");
        int spine = lid("spine-01 \"core\" rack 7", 1);
        assertBothFail(fabric(), agent(), host(), "perfquery %d 37".formatted(spine),
                "PORT_COUNTERS Lid %d port 37 (attr 0x0012): MAD status 0x001c".formatted(spine));
        assertBothFail(fabric(), agent(), host(), "smpquery portinfo %d 37".formatted(spine),
                "PORT_INFO Lid %d port 37 (attr 0x0015): MAD status 0x001c".formatted(spine));
    }

    @Test
    @Order(0)
    void nodedescPrintsTheNameANodeNameMapGivesLikeSmpquery(@TempDir Path dir) throws IOException {
        int edge2 = lid("edge-2", 1);
        int spine = lid("spine-01 \"core\" rack 7", 1);
        int gpu1 = lid("gpu-1", 2);
        int quad = lid("quad port card", 1);
        // the spine's GUID (top bit set) as a signed decimal: strtoull reads "-N" as 2^64-N, so must we
        Path map = Files.writeString(dir.resolve("ib-node-name-map"), """
                # switches by GUID, as operators keep them
                %s "edge-2 (rack 4, U38)"
                %s spine-01   # unquoted: the name keeps its blanks
                %s
                %s "a second line for a GUID is ignored"
                %s "quad Zürich"
                """.formatted(nodeGuid(edge2), Long.parseUnsignedLong(nodeGuid(spine).substring(2), 16), nodeGuid(gpu1),
                nodeGuid(edge2), nodeGuid(quad)));
        for (int lid : List.of(edge2, spine, gpu1, quad)) {
            assertSameOutput(fabric(), agent(), host(), "smpquery --node-name-map %s nodedesc %d".formatted(map, lid));
        }
        assertThat(agent().run("smpquery --node-name-map %s nodedesc %d".formatted(map, edge2)).stdout())
                .isEqualTo("Node Description:............edge-2 (rack 4, U38)\n");
        // dots pad to the name's length in bytes, as strlen() counts it: "ü" is two
        assertThat(agent().run("smpquery --node-name-map %s nodedesc %d".formatted(map, quad)).stdout())
                .isEqualTo("Node Description:....................quad Zürich\n");
        // a map the tools cannot read is ignored with a warning, by both
        Path broken = Files.writeString(dir.resolve("broken-map"), "%s \"fine\"\nnode-9 \"no GUID\"\n"
                .formatted(nodeGuid(edge2)));
        assertSameOutput(fabric(), agent(), host(), "smpquery --node-name-map %s nodedesc %d".formatted(broken, edge2));
        assertThat(agent().run("smpquery --node-name-map %s nodedesc %d".formatted(broken, edge2)).stderr())
                .contains("ignoring node name map " + broken + ": line 2: expected a GUID");
    }

    private List<Integer> lids(boolean switches) {
        return ports().stream().filter(p -> p.isSwitch() == switches).map(FabricPorts.Port::lid).distinct().toList();
    }

    private int lid(String name, int port) {
        return ports().stream().filter(p -> p.name().equals(name) && p.port() == port).findFirst()
                .orElseThrow(() -> new AssertionError(name + "[" + port + "] not in ibnetdiscover -p")).lid();
    }

    /** NumPorts as the real smpquery reports it. */
    private int numPorts(int lid) {
        return Integer.parseInt(nodeInfo(lid, "NumPorts"));
    }

    /** The node GUID, 0x and 16 hex digits, as the real smpquery reports it. */
    private String nodeGuid(int lid) {
        return nodeInfo(lid, "Guid");
    }

    private String nodeInfo(int lid, String field) {
        String nodeInfo = fabric().tool(host(), "smpquery", "nodeinfo", String.valueOf(lid)).stdout();
        return nodeInfo.lines().filter(l -> l.startsWith(field + ":")).map(l -> l.replaceFirst("^[^:]*:\\.+", ""))
                .findFirst().orElseThrow(() -> new AssertionError(field + " not in " + nodeInfo));
    }
}
