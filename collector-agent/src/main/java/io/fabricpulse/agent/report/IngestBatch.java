package io.fabricpulse.agent.report;

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
 */
public record IngestBatch(int schemaVersion, String agentId, long sequence, Instant collectedAt, String source,
                          List<NodeReport> nodes) {

    /** The schema version this code writes and the server accepts. */
    public static final int SCHEMA_VERSION = 1;
}
