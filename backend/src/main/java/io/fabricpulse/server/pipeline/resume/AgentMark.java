package io.fabricpulse.server.pipeline.resume;

import java.time.Instant;
import java.util.Objects;

/**
 * A row of {@code agent_ingest_mark}: the newest batch of an agent whose data is stored.
 *
 * @param agentId     the agent
 * @param sequence    the batch's sequence number
 * @param collectedAt the batch's collection time
 */
public record AgentMark(String agentId, long sequence, Instant collectedAt) {

    public AgentMark {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(collectedAt, "collectedAt");
    }

    /**
     * Whether a batch is this one or one before it: both its sequence and its collection time are not
     * after the mark's. (An agent that restarted without its state begins its sequence anew but with a
     * newer collection time: that batch is new.)
     */
    public boolean covers(long batchSequence, Instant batchCollectedAt) {
        return batchSequence <= sequence && !batchCollectedAt.isAfter(collectedAt);
    }

    /** Whether this mark is newer than {@code other} (by collection time, then sequence). */
    public boolean isAfter(AgentMark other) {
        int byTime = collectedAt.compareTo(other.collectedAt);
        return byTime > 0 || byTime == 0 && sequence > other.sequence;
    }
}
