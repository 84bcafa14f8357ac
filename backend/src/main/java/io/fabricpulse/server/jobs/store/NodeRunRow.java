package io.fabricpulse.server.jobs.store;

import java.time.Instant;

/** A row of {@code job_node}: one job on one node from {@code startedAt} to {@code endedAt} (null: still there). */
public record NodeRunRow(long jobRef, String nodeName, Instant startedAt, Instant endedAt) {
}
