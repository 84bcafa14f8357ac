package io.fabricpulse.server.jobs;

import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The jobs a cable or a node hurts in a time window: those that ran on the nodes at its ends, and those with
 * pairs of nodes routed over the cable by the routes in force (a job on one node has no pairs). What the link
 * page, the routes API and an alert's impact all show.
 */
@Component
public class LinkJobs {

    /** Jobs of a window checked against the routes; more are left out, newest kept, and that is said. */
    static final int ROUTE_CANDIDATES = 5000;
    /** Jobs on the nodes themselves listed at most. */
    static final int NODE_JOBS = 1000;

    private final JobHistory history;
    private final JobRoutes routes;

    public LinkJobs(JobHistory history, JobRoutes routes) {
        this.history = history;
        this.routes = routes;
    }

    /**
     * One job hurt.
     *
     * @param why   {@code NODE}: it ran on a node at an end; {@code ROUTE}: only its routes cross the cable
     * @param pairsFromA its pairs leaving the cable's end a; {@code pairsFromB} likewise
     */
    public record LinkJob(JobView job, String why, int pairsFromA, int pairsFromB) {
    }

    /** What was found, and what limits it. */
    public record Found(List<LinkJob> jobs, List<String> notes) {
    }

    /**
     * @param nodes the nodes at the ends (CAs among them find jobs; switches find none)
     * @param a     one end of the cable, null for a node's jobs only
     * @param b     the other end, null for a node's jobs only
     */
    public Mono<Found> of(Set<String> nodes, PortEnd a, PortEnd b, Instant from, Instant to) {
        Mono<List<JobView>> onNodes = history.schedulerNodesOf(nodes)
                .flatMapMany(names -> history.onNodes(names, from, to, NODE_JOBS)).collectList();
        Mono<List<JobView>> candidates = a == null || b == null ? Mono.just(List.of())
                : history.during(from, to, ROUTE_CANDIDATES + 1).collectList();
        return Mono.zip(onNodes, candidates).map(both -> {
            Map<String, LinkJob> found = new LinkedHashMap<>();
            List<String> notes = new ArrayList<>();
            for (JobView job : both.getT1()) {
                int[] pairs = a == null || b == null ? new int[2] : routes.pairsOver(history.fabricNodesOf(job), a, b);
                found.put(key(job), new LinkJob(job, "NODE", pairs[0], pairs[1]));
            }
            List<JobView> window = both.getT2();
            if (window.size() > ROUTE_CANDIDATES) {
                notes.add("the window holds more than " + ROUTE_CANDIDATES + " jobs; the newest " + ROUTE_CANDIDATES
                        + " were checked against the routes");
                window = window.subList(0, ROUTE_CANDIDATES);
            }
            for (JobView job : window) {
                Set<String> guids = history.fabricNodesOf(job);
                if (guids.size() < 2 || found.containsKey(key(job))) {
                    continue;
                }
                int[] pairs = routes.pairsOver(guids, a, b);
                if (pairs[0] + pairs[1] > 0) {
                    found.put(key(job), new LinkJob(job, "ROUTE", pairs[0], pairs[1]));
                }
            }
            List<LinkJob> jobs = new ArrayList<>(found.values());
            jobs.sort(Comparator.comparing((LinkJob j) -> !j.job().running())
                    .thenComparing(j -> -(j.pairsFromA() + j.pairsFromB()))
                    .thenComparing(j -> j.job().startedAt(), Comparator.reverseOrder()));
            return new Found(jobs, notes);
        });
    }

    private static String key(JobView job) {
        return job.source() + "/" + job.cluster() + "/" + job.id() + "/" + job.submittedAt();
    }
}
