package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
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
                assertThat(batch.nodes().stream().filter(n -> n.type() == NodeType.SWITCH))
                        .allSatisfy(n -> assertThat(n.ports()).hasSize(4)).hasSize(2);
            }
            assertThat(casPerBatch.getFirst()).as("the first poll walks: %s", casPerBatch).isEqualTo(4);
            assertThat(casPerBatch).as("between walks only this host's CA: %s", casPerBatch).contains(1);
            assertThat(casPerBatch.subList(1, casPerBatch.size())).as("a later walk: %s", casPerBatch).contains(4);

            fabric.console("Unlink \"node-4\"[1]");
            List<String> leafB = new ArrayList<>();
            while (!leafB.contains("3 ports") && leafB.size() < 10) {
                IngestBatch batch = server.takeRequest(Duration.ofSeconds(60)).batch();
                NodeReport leaf = batch.nodes().stream().filter(n -> n.guid().equals(LEAF_B)).findFirst().orElseThrow();
                leafB.add(leaf.ports().size() + " ports" + leaf.ports().stream().filter(p -> p.portNumber() == 2)
                        .map(p -> ", port 2 " + p.state()).findFirst().orElse(""));
            }
            assertThat(leafB).as("until the next walk the pulled port is swept and Down, then it is no longer cabled")
                    .last().isEqualTo("3 ports");
            assertThat(leafB).allMatch(line -> line.equals("3 ports") || line.equals("4 ports, port 2 DOWN"));
            assertThat(daemon.terminate()).as("stopped by SIGTERM after flushing").isEqualTo(143);
        }
    }

    private static final String LEAF_B = "0x0000000000200001";
}
