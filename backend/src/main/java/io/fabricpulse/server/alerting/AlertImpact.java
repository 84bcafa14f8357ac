package io.fabricpulse.server.alerting;

import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.List;

/**
 * Who an alert hurts: the jobs on its nodes, and for a link the host pairs routed over it and the jobs among
 * whose nodes those pairs are. The jobs feature answers it (it knows the scheduler's history and the routes);
 * alerting only asks, for the detail view and for the chat message, so it knows neither.
 */
public interface AlertImpact {

    /**
     * @param scope what the alert is about
     * @param ends  its ends as stored with it (a link's two ports, a port, a node)
     * @param from  the start of the time asked about (the alert's firing)
     * @param to    its end (the alert's resolution, or now)
     */
    Mono<Impact> of(AlertScope scope, List<AlertEnd> ends, Instant from, Instant to);

    /**
     * @param jobs   the jobs hurt, running ones first
     * @param routes the host pairs routed over the link, by direction; null when the alert is not about a link or
     *               no routes are known
     * @param stale  true when the job data or the routes may be out of date (each reason in {@code notes})
     * @param notes  what limits the answer, one sentence each
     */
    record Impact(List<AffectedJob> jobs, LinkRoutes routes, boolean stale, List<String> notes) {

        public static final Impact NONE = new Impact(List.of(), null, false, List.of());

        public Impact {
            jobs = List.copyOf(jobs);
            notes = List.copyOf(notes);
        }
    }

    /**
     * One job hurt.
     *
     * @param id        the scheduler's job id
     * @param name      the job's name as its user gave it (any text: escape it wherever it is shown)
     * @param running   still running when asked
     * @param why       {@code NODE} (it runs on a node at the alert's ends) or {@code ROUTE} (pairs of its
     *                  nodes are routed over the alert's link)
     * @param pairs     for ROUTE: how many of its node pairs cross the link (both directions)
     */
    record AffectedJob(String id, String cluster, String name, String user, String account, String partition,
                       String state, Instant startedAt, Instant endedAt, boolean running, String why, int pairs) {
    }

    /**
     * Host pairs routed over a link.
     *
     * @param fromFirstEnd pairs leaving the alert's first end onto the cable
     * @param toFirstEnd   pairs arriving at it
     * @param builtAt      when the routes were built
     */
    record LinkRoutes(int fromFirstEnd, int toFirstEnd, Instant builtAt) {
    }
}
