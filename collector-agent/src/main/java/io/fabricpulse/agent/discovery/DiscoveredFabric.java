package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.topology.Topology;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What one walk found.
 *
 * @param topology       nodes, their addressable ports and LIDs, the cables with width and speed
 * @param nodes          the nodes' details by node GUID
 * @param startNodeGuid  the node the walk started on (this host's CA)
 * @param startPortGuid  the GUID of the local port it started from
 * @param requests       SMPs sent
 * @param failedRequests SMPs that got no usable answer (after retries); each leaves a gap
 * @param problems       what went wrong, one line each (failed requests, contradicting answers)
 * @param elapsed        how long the walk took
 */
public record DiscoveredFabric(Topology topology, Map<Long, DiscoveredNode> nodes, long startNodeGuid,
                               long startPortGuid, int requests, int failedRequests, List<String> problems,
                               Duration elapsed) {

    public DiscoveredFabric {
        nodes = Map.copyOf(nodes);
        problems = List.copyOf(problems);
    }

    /** True when every request was answered and no answer contradicted another. */
    public boolean complete() {
        return problems.isEmpty();
    }

    public DiscoveredNode node(long guid) {
        return nodes.get(guid);
    }
}
