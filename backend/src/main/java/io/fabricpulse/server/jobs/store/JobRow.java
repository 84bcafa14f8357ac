package io.fabricpulse.server.jobs.store;

import java.time.Instant;

/**
 * A row of {@code job}.
 *
 * @param id           the row's id (0 before it is stored)
 * @param cluster      '' when the scheduler names no cluster
 * @param endedAt      null while it runs (as last seen)
 * @param endEstimated the job vanished without an end time: {@code endedAt} is when it was last seen running
 */
public record JobRow(long id, String source, String cluster, String jobId, Instant submittedAt, String name,
                     String user, String account, String partition, String state, Instant startedAt, Instant endedAt,
                     boolean endEstimated, Instant firstSeenAt, Instant lastSeenAt) {

    public JobRow withId(long newId) {
        return new JobRow(newId, source, cluster, jobId, submittedAt, name, user, account, partition, state, startedAt,
                endedAt, endEstimated, firstSeenAt, lastSeenAt);
    }
}
