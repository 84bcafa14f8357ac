package io.fabricpulse.server.jobs;

import java.time.Instant;
import java.util.List;

/**
 * What the job poller knows now.
 *
 * @param source      the scheduler's name ({@code slurm})
 * @param lastAttempt when it last asked, null before the first poll
 * @param lastSuccess when it last had an answer, null before the first
 * @param problem     why the latest poll failed, null when it did not
 * @param running     the jobs on nodes as of {@code lastSuccess}, with their rows in the history
 * @param skipped     jobs of the latest answer that could not be read
 */
public record JobFeed(String source, Instant lastAttempt, Instant lastSuccess, String problem,
                      List<RunningJob> running, int skipped) {

    public JobFeed {
        running = List.copyOf(running);
    }

    /** Before the first poll. */
    static JobFeed never(String source) {
        return new JobFeed(source, null, null, null, List.of(), 0);
    }

    /** A running job and its history row. */
    public record RunningJob(long rowId, SchedulerJob job) {
    }
}
