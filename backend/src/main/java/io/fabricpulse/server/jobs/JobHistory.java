package io.fabricpulse.server.jobs;

import io.fabricpulse.server.jobs.store.JobRepository;
import io.fabricpulse.server.jobs.store.JobRow;
import io.fabricpulse.server.jobs.store.NodeRunRow;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The job history as people and ticket systems read it: jobs by id, by node and time window, running now,
 * each with its nodes mapped to the fabric's CAs and with how fresh the scheduler's data is. Pages and the
 * API read jobs only through here.
 */
@Component
public class JobHistory {

    private final JobRepository repository;
    private final NodeMatcher matcher;
    private final ObjectProvider<JobPoller> poller;
    private final JobsProperties properties;
    private final Clock clock;

    public JobHistory(JobRepository repository, NodeMatcher matcher, ObjectProvider<JobPoller> poller,
                      JobsProperties properties, Clock clock) {
        this.repository = repository;
        this.matcher = matcher;
        this.poller = poller;
        this.properties = properties;
        this.clock = clock;
    }

    /** How fresh the job data is now. */
    public JobData data() {
        JobPoller running = poller.getIfAvailable();
        if (running == null) {
            return new JobData("none", null, true, "no job source is configured (fabricpulse.jobs.source)");
        }
        JobFeed feed = running.feed();
        boolean stale = feed.lastSuccess() == null
                || feed.lastSuccess().isBefore(clock.instant().minus(properties.staleAfter()));
        String problem = feed.problem() != null ? feed.problem()
                : feed.lastSuccess() == null ? "the scheduler has not been asked yet" : null;
        return new JobData(feed.source(), feed.lastSuccess(), stale, problem);
    }

    /** The jobs with this id, newest first (several when clusters share a server or the scheduler reused the id). */
    public Flux<JobView> byId(String jobId) {
        return views(repository.byJobId(jobId));
    }

    /** The job of this history row. */
    public Mono<JobView> byRow(long rowId) {
        return views(repository.find(rowId).flux()).next();
    }

    /** Jobs on any of {@code schedulerNodes} at some time in {@code [from, to)}, newest start first. */
    public Flux<JobView> onNodes(Collection<String> schedulerNodes, Instant from, Instant to, int limit) {
        return views(repository.onNodes(schedulerNodes, from, to, limit));
    }

    /** Jobs that ran at some time in {@code [from, to)}, newest start first. */
    public Flux<JobView> during(Instant from, Instant to, int limit) {
        return views(repository.during(from, to, limit));
    }

    /**
     * The scheduler's node names that stand for {@code node}: a node GUID (the names whose host is that CA's),
     * or a scheduler node name or host name as given (and the known names whose host it is).
     */
    public Mono<Set<String>> schedulerNodes(String node, boolean isGuid) {
        return knownNodeNames().map(known -> {
            if (isGuid) {
                return matcher.schedulerNodesOf(node, known);
            }
            Set<String> names = new LinkedHashSet<>();
            names.add(node);
            String host = matcher.hostOf(node);
            known.stream().filter(name -> matcher.hostOf(name).equals(host)).forEach(names::add);
            return names;
        });
    }

    /** The scheduler node names of every CA in {@code nodeGuids}. */
    public Mono<Set<String>> schedulerNodesOf(Collection<String> nodeGuids) {
        return knownNodeNames().map(known -> {
            Set<String> names = new LinkedHashSet<>();
            nodeGuids.forEach(guid -> names.addAll(matcher.schedulerNodesOf(guid, known)));
            return names;
        });
    }

    /** Every scheduler node name the history and the latest poll know. */
    private Mono<List<String>> knownNodeNames() {
        Set<String> running = new LinkedHashSet<>();
        JobPoller source = poller.getIfAvailable();
        if (source != null) {
            source.feed().running().forEach(job -> running.addAll(job.job().nodes()));
        }
        return repository.nodeNames().collectList().map(stored -> {
            Set<String> all = new LinkedHashSet<>(stored);
            all.addAll(running);
            return List.copyOf(all);
        });
    }

    /** Rows with their stretches, as views, in the rows' order. */
    private Flux<JobView> views(Flux<JobRow> rows) {
        return rows.collectList().flatMapMany(list -> {
            if (list.isEmpty()) {
                return Flux.empty();
            }
            Map<Long, List<NodeRunRow>> runs = new LinkedHashMap<>();
            return repository.runsOf(list.stream().map(JobRow::id).toList())
                    .doOnNext(run -> runs.computeIfAbsent(run.jobRef(), id -> new ArrayList<>()).add(run))
                    .thenMany(Flux.fromIterable(list).map(row -> view(row, runs.getOrDefault(row.id(), List.of()))));
        });
    }

    JobView view(JobRow row, List<NodeRunRow> runs) {
        Map<String, List<JobView.Stretch>> byNode = new LinkedHashMap<>();
        for (NodeRunRow run : runs) {
            byNode.computeIfAbsent(run.nodeName(), n -> new ArrayList<>()).add(new JobView.Stretch(run.startedAt(),
                    run.endedAt()));
        }
        List<JobView.Node> nodes = new ArrayList<>();
        byNode.forEach((name, stretches) -> nodes.add(new JobView.Node(name, matcher.hostOf(name),
                matcher.fabricNodes(name), stretches)));
        return new JobView(row.jobId(), row.cluster().isEmpty() ? null : row.cluster(), row.source(), row.name(),
                row.user(), row.account(), row.partition(), row.state(), row.endedAt() == null, row.endEstimated(),
                row.submittedAt(), row.startedAt(), row.endedAt(), nodes);
    }

    /** The CAs of a job's nodes. */
    public Set<String> fabricNodesOf(JobView job) {
        Set<String> guids = new LinkedHashSet<>();
        job.nodes().forEach(node -> node.fabricNodes().forEach(host -> guids.add(host.guid())));
        return guids;
    }
}
