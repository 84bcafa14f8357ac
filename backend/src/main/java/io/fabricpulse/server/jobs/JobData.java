package io.fabricpulse.server.jobs;

import java.time.Instant;

/**
 * How fresh the job data is: every answer about jobs carries it.
 *
 * @param source  the scheduler asked ({@code slurm}), {@code none} when no source is configured
 * @param asOf    when the scheduler last answered, null when never
 * @param stale   true when that is longer ago than three polls (or never): running jobs are as last known
 * @param problem why the latest poll failed (or that no source is configured), null when it did not
 */
public record JobData(String source, Instant asOf, boolean stale, String problem) {
}
