package io.fabricpulse.server.jobs;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.topology.model.PortEnd;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * {@code GET /api/v1/jobs}: jobs from the history by node ({@code node}: a node GUID, a scheduler node name or
 * a host name) or by cable ({@code link}: {@code <guid>/<port>}, jobs on its nodes and jobs routed over it) in
 * a window ({@code from}, {@code to}; default the last 24 hours), answered from the history also long after
 * the scheduler forgot them: "which jobs ran over this link between 02:00 and 03:00".
 * {@code GET /api/v1/jobs/{id}}: one job with its nodes' ports, the cables its routes cross and the alerts
 * that touched it while it ran.
 */
@RestController
@RequestMapping("/api/v1/jobs")
@Tag(name = "jobs", description = "Scheduler jobs per node over time, and the cables and alerts that touch them")
class JobController {

    static final Duration DEFAULT_WINDOW = Duration.ofHours(24);
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    private final JobHistory history;
    private final LinkJobs linkJobs;
    private final JobDetails details;
    private final Clock clock;

    JobController(JobHistory history, LinkJobs linkJobs, JobDetails details, Clock clock) {
        this.history = history;
        this.linkJobs = linkJobs;
        this.details = details;
        this.clock = clock;
    }

    /** One job of a list: why it is listed ({@code NODE}: it ran on the node or an end; {@code ROUTE}) and its pairs over the link. */
    record Listed(JobView job, String why, int pairs) {
    }

    /** A list of jobs in a window, with how fresh the data is and what limits the answer. */
    record JobList(List<Listed> jobs, Instant from, Instant to, JobData data, List<String> notes) {
    }

    @GetMapping
    @Operation(summary = "Jobs that ran on a node or over a cable in a time window, from the job history")
    Mono<JobList> list(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("node", "link", "from", "to", "limit"));
        String node = query.text("node", 256);
        PortEnd link = query.value("link", JobController::portEnd, "must be a port as <node GUID>/<port>, "
                + "e.g. 0x0002c903003178f0/1");
        Instant to = query.instant("to");
        Instant from = query.instant("from");
        Integer limit = query.limit(MAX_LIMIT);
        if (node != null && link != null) {
            query.invalid("link", "give node or link, not both");
        }
        Instant end = to != null ? to : clock.instant();
        Instant start = from != null ? from : end.minus(DEFAULT_WINDOW);
        if (start.isAfter(end)) {
            query.invalid("from", "must not be after to (" + end + ")");
        }
        query.throwIfInvalid();
        int max = limit == null ? DEFAULT_LIMIT : limit;
        JobData data = history.data();
        if (link != null) {
            return details.far(link).flatMap(far -> linkJobs.of(Set.of(link.nodeGuid(), far.nodeGuid()), link, far,
                    start, end)).map(found -> new JobList(found.jobs().stream().limit(max)
                    .map(j -> new Listed(j.job(), j.why(), j.pairsFromA() + j.pairsFromB())).toList(), start, end, data,
                    found.notes()));
        }
        Mono<List<JobView>> jobs = node == null ? history.during(start, end, max).collectList()
                : history.schedulerNodes(canonicalGuid(node), isGuid(node))
                .flatMap(names -> history.onNodes(names, start, end, max).collectList());
        return jobs.map(list -> new JobList(list.stream().map(job -> new Listed(job, "NODE", 0)).toList(), start, end,
                data, List.of()));
    }

    @GetMapping("/{id}")
    @Operation(summary = "One job: its nodes' ports, the cables its routes cross and the alerts that touched it")
    Mono<JobDetails.JobDetail> detail(@PathVariable String id, ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("cluster"));
        String cluster = query.text("cluster", 128);
        if (!JobDetails.isJobId(id)) {
            query.invalid("id", "must be a scheduler job id such as 4711 or 4700_3");
        }
        query.throwIfInvalid();
        return details.detail(id, cluster).switchIfEmpty(Mono.error(() -> new ProblemException(ProblemType.NOT_FOUND,
                "no job " + id + (cluster == null ? "" : " of cluster " + cluster) + " in the history; the scheduler "
                        + "is asked every poll interval, and a job that started and left its answers in between is missed")));
    }

    private static PortEnd portEnd(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException();
        }
        int port = Integer.parseInt(text.substring(slash + 1).strip());
        if (port < 0 || port > 254) {
            throw new IllegalArgumentException();
        }
        return new PortEnd(Guids.format(Guids.parse(text.substring(0, slash))), port);
    }

    /** A GUID is written with 0x, or as 16 hex digits; anything else is a node name. */
    private static boolean isGuid(String node) {
        return node.startsWith("0x") || node.startsWith("0X") || node.matches("[0-9a-fA-F]{16}");
    }

    private static String canonicalGuid(String node) {
        if (!isGuid(node)) {
            return node;
        }
        try {
            return Guids.format(Guids.parse(node));
        } catch (IllegalArgumentException e) {
            throw new ProblemException(ProblemType.INVALID_QUERY, "node: '" + node + "' starts like a GUID but is not "
                    + "one; write 0x and up to 16 hex digits, or a node name");
        }
    }
}
