package io.fabricpulse.server.alerting;

import io.fabricpulse.server.state.names.ClusterMemberRow;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Which cluster a node is in, for per-cluster rule settings, silences and the alert's cluster field,
 * held in memory (ingest asks per port) and replaced when the state store's clusters are re-read. A
 * node in several clusters (a cluster and its super-cluster) counts for the first by name.
 */
public final class ClusterDirectory {

    private volatile Map<String, String> clusterOfNode = Map.of();

    /** The node's cluster, null when it belongs to none. */
    public String clusterOf(String nodeGuid) {
        return nodeGuid == null ? null : clusterOfNode.get(nodeGuid);
    }

    public void replace(List<ClusterMemberRow> members) {
        clusterOfNode = Map.copyOf(members.stream().collect(Collectors.toMap(ClusterMemberRow::nodeGuid,
                ClusterMemberRow::cluster, (a, b) -> a.compareTo(b) <= 0 ? a : b, TreeMap::new)));
    }
}
