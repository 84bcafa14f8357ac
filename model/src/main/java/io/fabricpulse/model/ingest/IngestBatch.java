package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;

/**
 * One push from one agent: everything one poll collected.
 *
 * @param schemaVersion version of this schema; the server rejects versions it does not know
 * @param agentId       stable identity of the pushing agent (host name by default)
 * @param sequence      increases by one per batch of this agent; with {@code agentId} the idempotency key
 * @param collectedAt   when the poll that produced this batch started (the sample time of every counter in it)
 * @param source        which source produced the data: {@code umad}, {@code sysfs} or {@code sim}
 * @param nodes         the nodes seen in this poll with their ports
 * @param discovery     optional: set by a {@code discover}-role agent on the batch that carries a fresh
 *                      fabric walk, null (and absent from the JSON) otherwise
 * @param subnetManagers optional: the SMInfo answers of this poll (the agent's own SM, and for a
 *                      {@code discover}-role agent every port with IsSM set); null when the source cannot ask
 *                      (sysfs, sim)
 */
public record IngestBatch(int schemaVersion, String agentId, long sequence, Instant collectedAt, String source,
                          List<NodeReport> nodes,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Discovery discovery,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<SubnetManagerReport> subnetManagers) {

    /** The schema version this code writes and the server accepts. */
    public static final int SCHEMA_VERSION = 1;

    /** A batch without a discovery: what every agent but a {@code discover}-role one sends. */
    public IngestBatch(int schemaVersion, String agentId, long sequence, Instant collectedAt, String source,
                       List<NodeReport> nodes) {
        this(schemaVersion, agentId, sequence, collectedAt, source, nodes, null, null);
    }

    /** A batch without SMInfo answers: what a source that cannot ask the SM sends. */
    public IngestBatch(int schemaVersion, String agentId, long sequence, Instant collectedAt, String source,
                       List<NodeReport> nodes, Discovery discovery) {
        this(schemaVersion, agentId, sequence, collectedAt, source, nodes, discovery, null);
    }

    /** How many port reports the batch carries, over all its nodes. */
    @JsonIgnore
    public int portCount() {
        int ports = 0;
        for (NodeReport node : nodes) {
            ports += node.ports().size();
        }
        return ports;
    }

    /**
     * Marks a batch that carries a whole fabric walk: every node the walk reached is in the batch
     * (switches with their cabled ports and peers, CAs at least by identity). Optional and additive,
     * so the schema version stays 1: a server that knows it can tell "node gone" from "not reported
     * lately" at once; nodes of a batch without it age out by time only.
     *
     * @param complete     true when every request of the walk was answered: a node absent from the
     *                     batch is then really unreachable from here
     * @param fromNodeGuid the node the walk started on (this agent's HCA), canonical GUID
     * @param fromPort     the local port it started from, 1..254
     * @param startedAt    when the walk started
     */
    public record Discovery(boolean complete, String fromNodeGuid, int fromPort, Instant startedAt) {
    }
}
