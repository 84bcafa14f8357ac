package io.fabricpulse.server.jobs;

import io.fabricpulse.server.jobs.store.JobRepository;
import io.fabricpulse.server.jobs.store.JobRow;
import io.fabricpulse.server.jobs.store.NodeRunRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Asks the {@link JobSource} every {@code fabricpulse.jobs.interval} and writes what changed into the history:
 * a job seen running opens a stretch on each of its nodes; one seen ended closes them at the end time the
 * scheduler recorded; one that vanished from the answers without an end is closed where it was last seen,
 * marked estimated. A job that started and ended between two polls is recorded whole from the answer that
 * still lists it. A poll that fails changes nothing: the jobs stay as last known, marked stale once three
 * polls have passed without an answer. Each problem is logged once, when it first shows, and again when it is gone.
 * <p>
 * One thread does all of this; readers take the published {@link JobFeed}.
 */
public class JobPoller implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(JobPoller.class);
    private static final Duration SEEN_EVERY = Duration.ofMinutes(5);
    private static final Duration PURGE_EVERY = Duration.ofHours(1);
    private static final Duration WRITE_TIMEOUT = Duration.ofMinutes(2);
    private static final int ENDED_REMEMBERED = 200_000;

    private final JobSource source;
    private final JobRepository repository;
    private final JobsProperties properties;
    private final Clock clock;
    private final Object polling = new Object();
    /** Jobs with open stretches, by identity; only the polling thread touches these. */
    private final Map<List<Object>, Tracked> tracked = new HashMap<>();
    /** Ended jobs already written, so the scheduler's list of recent ends is not written again every poll. */
    private final Map<List<Object>, Boolean> endedWritten = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, Boolean> eldest) {
            return size() > ENDED_REMEMBERED;
        }
    };
    private boolean loaded;
    private Instant seenWrittenAt = Instant.MIN;
    private Instant purgedAt = Instant.MIN;
    private String lastProblem;
    private String lastSkipped;
    private volatile JobFeed feed;
    private ScheduledExecutorService timer;

    /** A job with open stretches: its row and what the last answer said. */
    private record Tracked(long rowId, SchedulerJob job, Instant lastSeen) {
    }

    public JobPoller(JobSource source, JobRepository repository, JobsProperties properties, Clock clock) {
        this.source = source;
        this.repository = repository;
        this.properties = properties;
        this.clock = clock;
        this.feed = JobFeed.never(source.name());
    }

    /** What the latest poll knows. */
    public JobFeed feed() {
        return feed;
    }

    /** One poll and its writes, on the caller's thread (the timer's; tests call it directly). */
    public void pollOnce() {
        synchronized (polling) {
            poll();
        }
    }

    private void poll() {
        Instant attempt = clock.instant();
        try {
            loadOnce();
            JobSnapshot snapshot = source.poll();
            apply(snapshot);
            if (lastProblem != null) {
                log.info("jobs: {} answers again ({} jobs on nodes)", source.name(), tracked.size());
                lastProblem = null;
            }
            reportSkipped(snapshot);
            feed = new JobFeed(source.name(), attempt, snapshot.at(), null, running(), snapshot.skipped());
            purgeWhenDue(snapshot.at());
        } catch (JobSourceException e) {
            fail(attempt, e.getMessage());
        } catch (RuntimeException e) {
            fail(attempt, "writing the job history failed: " + e);
        }
    }

    private void fail(Instant attempt, String problem) {
        if (!problem.equals(lastProblem)) {
            log.warn("jobs: poll of {} failed: {}; jobs stay as last known{}", source.name(), problem,
                    feed.lastSuccess() == null ? " (none yet)" : " at " + feed.lastSuccess());
            lastProblem = problem;
        }
        JobFeed previous = feed;
        feed = new JobFeed(source.name(), attempt, previous.lastSuccess(), problem, previous.running(), previous.skipped());
    }

    private void reportSkipped(JobSnapshot snapshot) {
        String first = snapshot.problems().isEmpty() ? null : snapshot.problems().getFirst();
        if (snapshot.skipped() > 0 && !Objects.equals(first, lastSkipped)) {
            log.warn("jobs: {} of {} jobs in the answer of {} could not be read and are left out: {}",
                    snapshot.skipped(), snapshot.skipped() + snapshot.jobs().size(), source.name(),
                    String.join("; ", snapshot.problems()));
        }
        lastSkipped = first;
    }

    /** After a restart: the jobs the history has as running, so their end is noticed. */
    private void loadOnce() {
        if (loaded) {
            return;
        }
        List<JobRow> running = repository.running().collectList().block(WRITE_TIMEOUT);
        Map<Long, List<String>> nodes = new HashMap<>();
        repository.runsOf(running.stream().map(JobRow::id).toList()).filter(run -> run.endedAt() == null)
                .toIterable().forEach(run -> nodes.computeIfAbsent(run.jobRef(), id -> new ArrayList<>()).add(run.nodeName()));
        for (JobRow row : running) {
            SchedulerJob job = new SchedulerJob(row.cluster().isEmpty() ? null : row.cluster(), row.jobId(), row.name(),
                    row.user(), row.account(), row.partition(), row.state(), row.submittedAt(), row.startedAt(), null,
                    nodes.getOrDefault(row.id(), List.of()));
            tracked.put(identity(job), new Tracked(row.id(), job, row.lastSeenAt()));
        }
        loaded = true;
    }

    private void apply(JobSnapshot snapshot) {
        Instant now = snapshot.at();
        Map<List<Object>, SchedulerJob> changed = new LinkedHashMap<>();
        List<JobRow> rows = new ArrayList<>();
        List<Runnable> closes = new ArrayList<>();
        List<SchedulerJob> firstSeen = new ArrayList<>();
        List<NodeRunRow> runs = new ArrayList<>();
        List<Long> stillRunning = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        for (SchedulerJob job : snapshot.jobs()) {
            List<Object> key = identity(job);
            seen.add(key);
            Tracked known = tracked.get(key);
            boolean ended = job.endedAt() != null;
            if (known == null) {
                if (!ended || !endedWritten.containsKey(key)) {
                    changed.put(key, job);
                    firstSeen.add(job);
                }
            } else if (!job.startedAt().equals(known.job().startedAt())) {
                // requeued and started again: the old stretches ended when it was last seen running
                changed.put(key, job);
                closes.add(() -> repository.closeRuns(known.rowId(), null, known.lastSeen()).block(WRITE_TIMEOUT));
                job.nodes().forEach(node -> runs.add(new NodeRunRow(known.rowId(), node, job.startedAt(), job.endedAt())));
            } else if (ended) {
                changed.put(key, job);
                closes.add(() -> repository.closeRuns(known.rowId(), null, job.endedAt()).block(WRITE_TIMEOUT));
            } else {
                Set<String> gone = new HashSet<>(known.job().nodes());
                job.nodes().forEach(gone::remove);
                if (!gone.isEmpty()) {
                    closes.add(() -> repository.closeRuns(known.rowId(), gone, now).block(WRITE_TIMEOUT));
                }
                job.nodes().stream().filter(node -> !known.job().nodes().contains(node))
                        .forEach(node -> runs.add(new NodeRunRow(known.rowId(), node, now, null)));
                if (sameRecord(known.job(), job)) {
                    stillRunning.add(known.rowId());
                } else {
                    changed.put(key, job);
                }
            }
        }
        changed.values().forEach(job -> rows.add(row(job, job.endedAt(), false, now)));
        List<Tracked> vanished = tracked.entrySet().stream().filter(e -> !seen.contains(e.getKey()))
                .map(Map.Entry::getValue).toList();
        for (Tracked gone : vanished) {
            SchedulerJob job = gone.job();
            rows.add(row(new SchedulerJob(job.cluster(), job.id(), job.name(), job.user(), job.account(), job.partition(),
                    "GONE", job.submittedAt(), job.startedAt(), gone.lastSeen(), job.nodes()), gone.lastSeen(), true,
                    gone.lastSeen()));
            closes.add(() -> repository.closeRuns(gone.rowId(), null, gone.lastSeen()).block(WRITE_TIMEOUT));
        }

        Map<List<Object>, Long> ids = new HashMap<>();
        for (JobRow stored : repository.recordAll(rows).collectList().block(WRITE_TIMEOUT)) {
            ids.put(identity(stored), stored.id());
        }
        closes.forEach(Runnable::run);
        for (SchedulerJob job : firstSeen) {
            long id = ids.get(identity(job));
            job.nodes().forEach(node -> runs.add(new NodeRunRow(id, node, job.startedAt(), job.endedAt())));
        }
        repository.putRuns(runs).block(WRITE_TIMEOUT);

        for (Tracked gone : vanished) {
            tracked.remove(identity(gone.job()));
            log.info("jobs: job {} left {}'s answers without an end; taken as ended when last seen running, {}",
                    gone.job().id(), source.name(), gone.lastSeen());
        }
        for (SchedulerJob job : snapshot.jobs()) {
            List<Object> key = identity(job);
            if (job.endedAt() != null) {
                if (changed.containsKey(key)) {
                    tracked.remove(key);
                    endedWritten.put(key, true);
                }
            } else {
                Tracked known = tracked.get(key);
                tracked.put(key, new Tracked(known != null ? known.rowId() : ids.get(key), job, now));
            }
        }
        if (!stillRunning.isEmpty() && !now.isBefore(seenWrittenAt.plus(SEEN_EVERY))) {
            repository.seen(stillRunning, now).block(WRITE_TIMEOUT);
            seenWrittenAt = now;
        }
    }

    private JobRow row(SchedulerJob job, Instant endedAt, boolean estimated, Instant seen) {
        Instant submitted = job.submittedAt() != null ? job.submittedAt() : job.startedAt();
        return new JobRow(0, source.name(), job.cluster() == null ? "" : job.cluster(), job.id(), submitted, job.name(),
                job.user(), job.account(), job.partition(), job.state(), job.startedAt(), endedAt, estimated, seen, seen);
    }

    private static boolean sameRecord(SchedulerJob a, SchedulerJob b) {
        return Objects.equals(a.name(), b.name()) && Objects.equals(a.state(), b.state())
                && Objects.equals(a.user(), b.user()) && Objects.equals(a.account(), b.account())
                && Objects.equals(a.partition(), b.partition()) && a.nodes().equals(b.nodes());
    }

    /** A job's identity across polls: cluster, id and submission (ids come back after a scheduler loses state). */
    private List<Object> identity(SchedulerJob job) {
        Instant submitted = job.submittedAt() != null ? job.submittedAt() : job.startedAt();
        return List.of(source.name(), job.cluster() == null ? "" : job.cluster(), job.id(),
                submitted.truncatedTo(java.time.temporal.ChronoUnit.MICROS));
    }

    private List<Object> identity(JobRow row) {
        return List.of(row.source(), row.cluster(), row.jobId(), row.submittedAt());
    }

    private List<JobFeed.RunningJob> running() {
        return tracked.values().stream().map(t -> new JobFeed.RunningJob(t.rowId(), t.job())).toList();
    }

    private void purgeWhenDue(Instant now) {
        if (now.isBefore(purgedAt.plus(PURGE_EVERY))) {
            return;
        }
        purgedAt = now;
        Long deleted = repository.deleteEndedBefore(now.minus(properties.retention())).block(WRITE_TIMEOUT);
        if (deleted != null && deleted > 0) {
            log.info("jobs: deleted {} jobs that ended more than {} ago (fabricpulse.jobs.retention)", deleted,
                    properties.retention());
        }
    }

    @Override
    public synchronized void start() {
        if (timer != null) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("fabricpulse-jobs").daemon().factory());
        timer.scheduleWithFixedDelay(this::pollOnce, 0, properties.interval().toMillis(), TimeUnit.MILLISECONDS);
        log.info("jobs: asking {} every {} s", source.name(), properties.interval().toSeconds());
    }

    @Override
    public synchronized void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }
}
