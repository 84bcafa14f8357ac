package io.fabricpulse.server.jobs;

import java.time.Instant;
import java.util.List;

/**
 * One job as a scheduler states it in one poll.
 *
 * @param cluster     the scheduler's cluster name, null when it has none
 * @param id          the job's id at the scheduler ({@code 4711}, {@code 4711_3} for an array task)
 * @param name        the job's name as the user gave it (may hold any text, markup included)
 * @param user        who submitted it
 * @param account     account charged, null when none
 * @param partition   partition (queue), null when none
 * @param state       the scheduler's state name, upper case ({@code RUNNING}, {@code COMPLETED}, ...)
 * @param submittedAt when it was submitted; with cluster and id, the job's identity (ids are reused after a
 *                    scheduler loses its state)
 * @param startedAt   when it started on its nodes, null when it has not
 * @param endedAt     when it ended, null while it runs
 * @param nodes       the scheduler's names of its nodes, empty when it has none
 */
public record SchedulerJob(String cluster, String id, String name, String user, String account, String partition,
                           String state, Instant submittedAt, Instant startedAt, Instant endedAt, List<String> nodes) {

    public SchedulerJob {
        nodes = List.copyOf(nodes);
    }
}
