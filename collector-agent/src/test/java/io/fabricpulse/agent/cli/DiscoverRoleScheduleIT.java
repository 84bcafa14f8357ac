package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run --role discover} as a daemon on the four-HCA fabric, polling every second and walking every
 * three: the batch after a walk carries the walk's CAs, the ones between carry only this host's, and
 * every batch carries both switches with all their cabled ports; a cable pulled between walks shows as
 * a Down port until the next walk, which no longer finds it.
 */
class DiscoverRoleScheduleIT {

    @Test
    void theFabricIsWalkedAgainOnTheDiscoverInterval(@TempDir Path workDir) throws Exception {
        try (IbsimFabric fabric = IbsimFabric.start(FourHcaParityIT.resource("/topologies/four-hca.net", workDir),
                "node-1");
             RecordingIngestServer server = new RecordingIngestServer();
             AgentJvm daemon = fabric.agentJvm("node-1", AgentMain.class, "run", "--role", "discover", "--interval",
                     "1s", "--discover-interval", "3s", "--server", server.baseUri().toString(), "--token", "it-token",
                     "--agent-id", "discover-it")) {
            List<Integer> casPerBatch = new ArrayList<>();
            while (casPerBatch.size() < 7) {
                IngestBatch batch = server.takeRequest(Duration.ofSeconds(60)).batch();
                casPerBatch.add((int) batch.nodes().stream().filter(n -> n.type() == NodeType.CA).count());
                // A walk reports every port of each switch: four cabled, four empty (Down/Polling; the server lists
                // them as "not linked"). The sweeps between walks read only the cabled four.
                assertThat(batch.nodes().stream().filter(n -> n.type() == NodeType.SWITCH))
                        .allSatisfy(n -> assertThat(n.ports()).hasSizeBetween(4, 8)
                                .filteredOn(p -> p.peer() != null).hasSize(4))
                        .hasSize(2);
            }
            assertThat(casPerBatch.getFirst()).as("the first poll walks: %s", casPerBatch).isEqualTo(4);
            assertThat(casPerBatch).as("between walks only this host's CA: %s", casPerBatch).contains(1);
            assertThat(casPerBatch.subList(1, casPerBatch.size())).as("a later walk: %s", casPerBatch).contains(4);

            fabric.console("Unlink \"node-4\"[1]");
            List<String> port2 = new ArrayList<>();
            while (!port2.contains("8 ports, port 2 DOWN, no peer") && port2.size() < 10) {
                IngestBatch batch = server.takeRequest(Duration.ofSeconds(60)).batch();
                NodeReport leaf = batch.nodes().stream().filter(n -> n.guid().equals(LEAF_B)).findFirst().orElseThrow();
                PortReport pulled = leaf.ports().stream().filter(p -> p.portNumber() == 2).findFirst().orElse(null);
                port2.add(leaf.ports().size() + " ports, " + (pulled == null ? "no port 2" : "port 2 " + pulled.state()
                        + (pulled.peer() == null ? ", no peer" : ", peer " + pulled.peer().nodeGuid())));
            }
            assertThat(port2).as("swept Down until the next walk, which reports it as an empty port")
                    .last().isEqualTo("8 ports, port 2 DOWN, no peer");
            assertThat(port2).allMatch(line -> line.matches("4 ports, port 2 (ACTIVE, peer .*|DOWN, .*)")
                    || line.equals("3 ports, no port 2") || line.equals("8 ports, port 2 DOWN, no peer"));
            assertThat(daemon.terminate()).as("stopped by SIGTERM after flushing").isEqualTo(143);
        }
    }

    private static final String LEAF_B = "0x0000000000200001";
}
