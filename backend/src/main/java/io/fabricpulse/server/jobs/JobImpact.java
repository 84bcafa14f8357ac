package io.fabricpulse.server.jobs;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertImpact;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.routes.RouteStatus;
import io.fabricpulse.server.routes.RouteTable;
import io.fabricpulse.server.routes.RouteTrace;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who an alert hurts, for alerting's detail view and chat messages: the jobs on the nodes at its ends, and
 * for a link (or a port, whose far end the routes know) the host pairs routed over the cable and the jobs
 * among whose nodes those pairs are, while the alert was open.
 */
@Component
class JobImpact implements AlertImpact {

    private final LinkJobs linkJobs;
    private final JobRoutes routes;
    private final JobHistory history;

    JobImpact(LinkJobs linkJobs, JobRoutes routes, JobHistory history) {
        this.linkJobs = linkJobs;
        this.routes = routes;
        this.history = history;
    }

    @Override
    public Mono<Impact> of(AlertScope scope, List<AlertEnd> ends, Instant from, Instant to) {
        if (scope == AlertScope.AGENT || scope == AlertScope.FABRIC || ends.isEmpty()) {
            return Mono.just(Impact.NONE);
        }
        Set<String> nodes = new LinkedHashSet<>();
        ends.stream().filter(end -> end.nodeType() != NodeType.SWITCH).forEach(end -> nodes.add(end.nodeGuid()));
        PortEnd a = null;
        PortEnd b = null;
        RouteTable table = routes.table();
        AlertEnd first = ends.getFirst();
        if (first.portNumber() > 0 && scope != AlertScope.NODE) {
            a = new PortEnd(first.nodeGuid(), first.portNumber());
            if (ends.size() > 1 && ends.get(1).portNumber() > 0) {
                b = new PortEnd(ends.get(1).nodeGuid(), ends.get(1).portNumber());
            } else {
                b = table.far(a).map(port -> new PortEnd(port.nodeGuid(), port.port())).orElse(null);
            }
        }
        if (b != null && !nodes.contains(b.nodeGuid())) {
            table.port(b).filter(port -> port.type() != NodeType.SWITCH).map(RouteTrace.Port::nodeGuid)
                    .ifPresent(nodes::add);
        }
        LinkRoutes pairs = a == null ? null : table.load(a)
                .map(load -> new LinkRoutes(load.out(), load.in(), table.summary().builtAt())).orElse(null);
        PortEnd endA = a;
        PortEnd endB = b;
        return linkJobs.of(nodes, endA, endB, from, to).map(found -> {
            List<String> notes = new ArrayList<>(found.notes());
            JobData data = history.data();
            boolean stale = data.stale();
            if (data.stale()) {
                notes.add("job data is stale: " + data.problem());
            }
            if (endA != null && endB != null) {
                RouteStatus status = routes.status();
                if (status.stale()) {
                    stale = true;
                    notes.addAll(status.staleReasons().stream().map(reason -> "routes: " + reason).toList());
                }
            }
            List<AffectedJob> jobs = found.jobs().stream().map(JobImpact::affected).toList();
            return new Impact(jobs, pairs, stale, notes);
        });
    }

    private static AffectedJob affected(LinkJobs.LinkJob found) {
        JobView job = found.job();
        return new AffectedJob(job.id(), job.cluster(), job.name(), job.user(), job.account(), job.partition(),
                job.state(), job.startedAt(), job.endedAt(), job.running(), found.why(),
                found.pairsFromA() + found.pairsFromB());
    }
}
