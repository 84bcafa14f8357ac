package io.fabricpulse.server.pipeline.resume;

import java.util.Map;

/**
 * The stored ingest marks of some agents, seen from one replica.
 *
 * @param here      per agent, the newest batch this replica stored
 * @param elsewhere per agent, the newest batch any other replica stored
 */
public record ReplicaMarks(Map<String, AgentMark> here, Map<String, AgentMark> elsewhere) {

    /** A row of the table: which replica stored the mark. */
    record Row(String replica, AgentMark mark) {
    }

    void add(String thisReplica, Row row) {
        Map<String, AgentMark> side = row.replica().equals(thisReplica) ? here : elsewhere;
        side.merge(row.mark().agentId(), row.mark(), (a, b) -> b.isAfter(a) ? b : a);
    }

    /** Whether another replica stored this batch already (so it has judged its alerts). */
    public boolean storedElsewhere(String agentId, long sequence, java.time.Instant collectedAt) {
        AgentMark other = elsewhere.get(agentId);
        return other != null && other.covers(sequence, collectedAt);
    }
}
