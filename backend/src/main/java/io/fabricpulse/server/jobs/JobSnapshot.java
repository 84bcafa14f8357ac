package io.fabricpulse.server.jobs;

import java.time.Instant;
import java.util.List;

/**
 * One look at the scheduler.
 *
 * @param at       when the answer came
 * @param jobs     the jobs read from it
 * @param skipped  jobs in the answer that could not be read (each is left out, not the poll)
 * @param problems why, for the first few of them
 */
public record JobSnapshot(Instant at, List<SchedulerJob> jobs, int skipped, List<String> problems) {

    public JobSnapshot {
        jobs = List.copyOf(jobs);
        problems = List.copyOf(problems);
    }
}
