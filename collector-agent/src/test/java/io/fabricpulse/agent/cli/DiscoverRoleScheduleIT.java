package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.report.IngestBatch;
import io.fabricpulse.agent.report.NodeType;
import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.agent.testing.RecordingIngestServer;
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
 * every batch carries both switches with all their cabled ports.
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
            assertThat(daemon.terminate()).as("stopped by SIGTERM after flushing").isEqualTo(143);
            assertThat(casPerBatch.getFirst()).as("the first poll walks: %s", casPerBatch).isEqualTo(4);
            assertThat(casPerBatch).as("between walks only this host's CA: %s", casPerBatch).contains(1);
            assertThat(casPerBatch.subList(1, casPerBatch.size())).as("a later walk: %s", casPerBatch).contains(4);
        }
    }
}
