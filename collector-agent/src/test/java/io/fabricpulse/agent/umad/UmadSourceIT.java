package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.CommandBatchMain;
import io.fabricpulse.agent.testing.FabricPorts;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.agent.testing.SourcePollMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The umad source on node-1 of the four-HCA fabric: its port, the switch port across the cable, counters. */
class UmadSourceIT {

    @Test
    void reportsTheLocalPortThePeerAndThePeersCounters(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "node-1")) {
            List<FabricPorts.Port> ports = FabricPorts.parse(fabric.tool("node-1", "ibnetdiscover", "-p").stdout());
            FabricPorts.Port local = find(ports, "node-1", 1);
            FabricPorts.Port leaf = find(ports, "leaf-a", 1);
            String localGuid = nodeGuid(fabric, local.lid());
            String leafGuid = nodeGuid(fabric, leaf.lid());
            fabric.console("PerformanceSet \"leaf-a\"[1] PortCounters.SymbolErrorCounter=65535");
            fabric.console("PerformanceSet \"node-1\"[1] PortCounters.LinkDownedCounter=3");
            try (AgentJvm doctor = fabric.agentJvm("node-1", CommandBatchMain.class)) {
                assertThat(doctor.run("doctor").stdout()).contains("umad:  OK: ibsim0 port 1 is Active, LID "
                        + local.lid(), "auto:  umad");
            }
            try (AgentJvm agent = fabric.agentJvm("node-1", SourcePollMain.class)) {
                IbsimFabric.ToolResult result = agent.run("poll");
                JsonNode nodes = JsonMapper.builder().build().readTree(result.stdout());
                assertThat(nodes).hasSize(2);
                JsonNode self = nodes.get(0);
                assertThat(self.get("guid").asString()).isEqualTo(localGuid);
                assertThat(self.get("description").asString()).isEqualTo("node-1");
                JsonNode port = self.get("ports").get(0);
                assertThat(port.get("portNumber").asInt()).isEqualTo(1);
                assertThat(port.get("lid").asInt()).isEqualTo(local.lid());
                assertThat(port.get("state").asString()).isEqualTo("ACTIVE");
                assertThat(port.get("physicalState").asString()).isEqualTo("LINK_UP");
                assertThat(port.get("linkWidthActive").asString()).isEqualTo("X4");
                assertThat(port.get("extendedCounters").asBoolean()).isTrue();
                assertThat(port.get("counters").get("LinkDownedCounter").asLong()).isEqualTo(3);
                assertThat(port.get("counters").get("PortXmitData").asLong()).isPositive();
                assertThat(port.get("peer").get("nodeGuid").asString()).isEqualTo(leafGuid);
                assertThat(port.get("peer").get("portNumber").asInt()).isEqualTo(1);

                JsonNode peer = nodes.get(1);
                assertThat(peer.get("type").asString()).isEqualTo("SWITCH");
                assertThat(peer.get("description").asString()).isEqualTo("leaf-a");
                JsonNode peerPort = peer.get("ports").get(0);
                assertThat(peerPort.get("portNumber").asInt()).isEqualTo(1);
                assertThat(peerPort.get("counters").get("SymbolErrorCounter").asLong()).isEqualTo(65535);
                assertThat(peerPort.get("peer").get("nodeGuid").asString()).isEqualTo(localGuid);
            }
        }
    }

    /** The node GUID as smpquery reports it (ibnetdiscover -p lists a CA's port GUID). */
    private static String nodeGuid(IbsimFabric fabric, int lid) {
        return fabric.tool("node-1", "smpquery", "nodeinfo", String.valueOf(lid)).stdout().lines()
                .filter(l -> l.startsWith("Guid:")).map(l -> l.replaceFirst("Guid:\\.+", "")).findFirst().orElseThrow();
    }

    private static FabricPorts.Port find(List<FabricPorts.Port> ports, String name, int port) {
        return ports.stream().filter(p -> p.name().equals(name) && p.port() == port).findFirst().orElseThrow();
    }
}
