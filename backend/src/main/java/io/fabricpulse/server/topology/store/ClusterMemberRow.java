package io.fabricpulse.server.topology.store;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.state.StateText;

/**
 * A node's membership in a cluster group (a fabrics.conf section), as {@code cluster_member} has it.
 *
 * @param cluster  the cluster's name, 1 to 100 characters
 * @param nodeGuid the node, canonical
 */
public record ClusterMemberRow(String cluster, String nodeGuid) {

    static final int MAX_CLUSTER = 100;

    public ClusterMemberRow {
        StateText.require("cluster name", cluster, MAX_CLUSTER);
        if (!Guids.isCanonical(nodeGuid)) {
            throw new IllegalArgumentException("cluster '" + cluster + "': GUID '" + nodeGuid
                    + "' is not 0x and 16 lower-case hex digits");
        }
    }
}
