package io.fabricpulse.server.web;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.testing.AgentPosts;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test agent's cable on the running demo server, beside the demo's fabric: a host's port 1 cabled to a leaf's port 1,
 * both named, pushed through the ingest API as a real agent would; each {@link #push} is the agent's next batch, the
 * host's counters as given (the leaf's clean), so a test raises exactly the alerts it means to on a cable of its own.
 *
 * @param host     the host's name ("… HCA-1"), shortened on the pages to what precedes " HCA-1"
 * @param leaf     the leaf switch's NodeDescription
 */
record AgentCable(int serverPort, String agent, String hostGuid, String host, String leafGuid, String leaf) {

    static AgentCable of(int serverPort, String host, String leaf) {
        return new AgentCable(serverPort, TestBatches.randomAgentId(), TestBatches.randomGuid(), host,
                TestBatches.randomGuid(), leaf);
    }

    /** Batch {@code sequence} with the host port's {@code counters}; its data counters grow with the sequence. */
    void push(long sequence, Map<String, Long> counters) throws IOException, InterruptedException {
        Map<String, Long> hostCounters = new HashMap<>(counters);
        hostCounters.putIfAbsent("PortXmitData", 1000 * sequence);
        hostCounters.putIfAbsent("PortRcvData", 1000 * sequence);
        NodeReport hostNode = TestBatches.hca(hostGuid, host, port(hostCounters, leafGuid));
        NodeReport leafNode = new NodeReport(leafGuid, null, NodeType.SWITCH, leaf, null, null, null,
                List.of(port(Map.of("SymbolErrorCounter", 0L), hostGuid)));
        IngestBatch batch = new IngestBatch(IngestBatch.SCHEMA_VERSION, agent, sequence, Instant.now(), "umad",
                List.of(hostNode, leafNode));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + "/api/v1/ingest"))
                .header("Authorization", "Bearer " + ServerTest.AGENT_TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(TestBatches.json(batch))).build();
        HttpResponse<String> answer = AgentPosts.send(request);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(202);
    }

    private static PortReport port(Map<String, Long> counters, String peerGuid) {
        return new PortReport(1, 17, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4, LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X4), EnumSet.of(LinkSpeed.EDR), "InfiniBand", true, counters,
                new PeerPort(peerGuid, 1));
    }
}
