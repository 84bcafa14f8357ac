package io.fabricpulse.server.jobs;

import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.routes.RouteStatus;
import io.fabricpulse.server.routes.RouteTable;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One job as its page and {@code GET /api/v1/jobs/{id}} show it: the job, its CAs' ports as the live fabric
 * has them, the cable directions its routes cross with how many of its pairs each, and the alerts that were
 * open while it ran on its nodes, their cables or the cables its routes cross.
 */
@Component
public class JobDetails {

    /** Cable directions listed per job, most pairs first; the total is given too. */
    static final int LINKS_SHOWN = 200;
    /** Alerts open during a job's run looked at; a run longer than this many alerts is said to be cut. */
    static final int ALERTS_SCANNED = 5000;
    /** What schedulers use as job ids (4711, 4700_3, 12.batch): anything else is refused before a lookup. */
    private static final Pattern JOB_ID = Pattern.compile("[A-Za-z0-9._+-]{1,64}");

    private final JobHistory history;
    private final JobRoutes routes;
    private final FabricView fabric;
    private final AlertViews alerts;
    private final Clock clock;

    JobDetails(JobHistory history, JobRoutes routes, FabricView fabric, AlertViews alerts, Clock clock) {
        this.history = history;
        this.routes = routes;
        this.fabric = fabric;
        this.alerts = alerts;
        this.clock = clock;
    }

    /**
     * @param job       the job (the newest with this id, or of the asked cluster)
     * @param data      how fresh the scheduler's data is
     * @param ports     its CAs' ports as the live fabric has them now (state, counters, rates); for a CA without
     *                  an agent, the switch port its cable ends in
     * @param links     cable directions its routes cross, most pairs first, at most 200
     * @param linkCount how many cable directions its routes cross in all
     * @param routes    whether the routes can be trusted
     * @param alerts    alerts open at some time while it ran on its nodes, their cables or the cables it crosses
     * @param sameId    other jobs with this id (other clusters, or before the scheduler reused the id)
     */
    public record JobDetail(JobView job, JobData data, List<PortView> ports, List<RouteTable.Crossing> links,
                            int linkCount, RouteStatus routes, List<AlertView> alerts, List<JobView> sameId) {
    }

    /** Whether {@code id} can be a scheduler's job id (what the API and the page accept). */
    public static boolean isJobId(String id) {
        return JOB_ID.matcher(id).matches();
    }

    public Mono<JobDetail> detail(String id, String cluster) {
        return history.byId(id).collectList().flatMap(all -> {
            List<JobView> matching = all.stream().filter(j -> cluster == null || cluster.equals(j.cluster())).toList();
            if (matching.isEmpty()) {
                return Mono.empty();
            }
            JobView job = matching.getFirst();
            Set<String> nodes = history.fabricNodesOf(job);
            List<PortView> ports = ports(nodes);
            List<RouteTable.Crossing> crossed = routes.crossingList(nodes);
            Instant end = job.endedAt() != null ? job.endedAt() : clock.instant();
            return touching(job, nodes, crossed, end).map(touched -> new JobDetail(job, history.data(), ports,
                    crossed.subList(0, Math.min(LINKS_SHOWN, crossed.size())), crossed.size(), routes.status(), touched,
                    all.stream().filter(other -> other != job).toList()));
        });
    }

    /**
     * The job's CAs' ports; for a CA no agent reports (a discover-role agent sweeps switch ports only), the
     * switch port at the other end of its cable, which counts the same traffic and the same cable's errors.
     */
    private List<PortView> ports(Set<String> nodes) {
        List<PortView> all = fabric.ports();
        Set<String> reported = new HashSet<>();
        all.stream().filter(p -> nodes.contains(p.nodeGuid())).forEach(p -> reported.add(p.nodeGuid()));
        return all.stream().filter(p -> nodes.contains(p.nodeGuid())
                        || (p.peerGuid() != null && nodes.contains(p.peerGuid()) && !reported.contains(p.peerGuid())))
                .sorted(Comparator.comparing(PortView::nodeName).thenComparingInt(PortView::portNumber)).toList();
    }

    /** Alerts on the job's CAs, their cables, or the cables and switch ports its routes cross, while it ran. */
    private Mono<List<AlertView>> touching(JobView job, Set<String> nodes, List<RouteTable.Crossing> crossed, Instant end) {
        Set<String> subjects = new HashSet<>();
        for (RouteTable.Crossing crossing : crossed) {
            PortRef from = new PortRef(crossing.from().nodeGuid(), crossing.from().port());
            PortRef to = new PortRef(crossing.to().nodeGuid(), crossing.to().port());
            subjects.add(AlertSubject.linkKey(from, to));
            subjects.add(AlertSubject.port(from).key());
            subjects.add(AlertSubject.port(to).key());
        }
        return alerts.overlapping(job.startedAt(), end, ALERTS_SCANNED)
                .filter(alert -> subjects.contains(alert.subject()) || nodes.contains(alert.nodeGuid())
                        || nodes.contains(alert.peerGuid()))
                .collectList();
    }

    /** The port at the far end of {@code end}'s cable in the routes' topology; a NOT_FOUND problem when none. */
    Mono<PortEnd> far(PortEnd end) {
        return Mono.justOrEmpty(routes.table().far(end).map(port -> new PortEnd(port.nodeGuid(), port.port())))
                .switchIfEmpty(Mono.error(() -> new ProblemException(ProblemType.NOT_FOUND,
                        "port " + end + " has no cable in the live topology")));
    }
}
