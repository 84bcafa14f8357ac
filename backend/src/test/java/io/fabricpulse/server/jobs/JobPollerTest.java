package io.fabricpulse.server.jobs;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.jobs.store.JobRepository;
import io.fabricpulse.server.jobs.store.JobRow;
import io.fabricpulse.server.jobs.store.NodeRunRow;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The poller against the history on H2, fed answers one poll at a time: running jobs open stretches, ended ones
 * close them at the scheduler's end, vanished ones at their last sighting, short jobs are caught whole, requeues
 * and resizes are followed, a failed poll keeps the jobs as known, a restarted poller takes up the running jobs,
 * and a huge answer is written in bulk.
 */
class JobPollerTest {

    private static final Instant T0 = Instant.parse("2026-11-26T02:00:00Z");

    private final StateDatabase state = StateDatabase.h2();
    private final JobRepository repository = new JobRepository(state.client());
    private final MutableClock clock = new MutableClock(T0);
    private final Answers answers = new Answers();
    private final JobsProperties properties = new JobsProperties("slurm", Duration.ofSeconds(30), Duration.ofSeconds(5),
            DataSize.ofMegabytes(1), Duration.ofDays(90), new JobsProperties.Slurm("squeue", Map.of()),
            new JobsProperties.NodeNames("(.+)", "$1"));
    private JobPoller poller = new JobPoller(answers, repository, properties, clock);

    @AfterEach
    void close() {
        state.close();
    }

    /** Answers given in order, each at the clock's time; a null answer is a failed poll. */
    private final class Answers implements JobSource {
        private final Deque<Object> queue = new ArrayDeque<>();

        void then(SchedulerJob... jobs) {
            queue.add(List.of(jobs));
        }

        void fails(String why) {
            queue.add(why);
        }

        @Override
        public String name() {
            return "slurm";
        }

        @Override
        public JobSnapshot poll() throws JobSourceException {
            Object next = queue.remove();
            if (next instanceof String why) {
                throw new JobSourceException(why);
            }
            @SuppressWarnings("unchecked")
            List<SchedulerJob> jobs = (List<SchedulerJob>) next;
            return new JobSnapshot(clock.instant(), jobs, 0, List.of());
        }
    }

    private static SchedulerJob job(String id, String state, Instant started, Instant ended, String... nodes) {
        return new SchedulerJob("fp", id, "job " + id, "alice", "physics", "batch", state, T0.minusSeconds(60), started,
                ended, List.of(nodes));
    }

    private void pollAt(Instant at) {
        clock.set(at);
        poller.pollOnce();
    }

    private JobRow only(String id) {
        return repository.byJobId(id).single().block();
    }

    private List<NodeRunRow> runs(String id) {
        return repository.runs(only(id).id()).collectList().block();
    }

    @Test
    void aJobRunsOnItsNodesUntilTheSchedulersEndAndIsFoundByNodeAndWindowAfterwards() {
        Instant started = T0.plusSeconds(5);
        answers.then(job("4711", "RUNNING", started, null, "n1", "n2"));
        answers.then(job("4711", "RUNNING", started, null, "n1", "n2"));
        answers.then(job("4711", "COMPLETED", started, T0.plusSeconds(70), "n1", "n2"));
        answers.then();

        pollAt(T0.plusSeconds(10));
        assertThat(poller.feed().running()).extracting(r -> r.job().id()).containsExactly("4711");
        assertThat(runs("4711")).extracting(NodeRunRow::endedAt).containsOnlyNulls();
        pollAt(T0.plusSeconds(40));
        pollAt(T0.plusSeconds(80));
        pollAt(T0.plusSeconds(110));

        assertThat(only("4711").state()).isEqualTo("COMPLETED");
        assertThat(only("4711").endedAt()).isEqualTo(T0.plusSeconds(70));
        assertThat(only("4711").endEstimated()).isFalse();
        assertThat(runs("4711")).containsExactly(new NodeRunRow(only("4711").id(), "n1", started, T0.plusSeconds(70)),
                new NodeRunRow(only("4711").id(), "n2", started, T0.plusSeconds(70)));
        assertThat(poller.feed().running()).isEmpty();
        assertThat(repository.onNodes(Set.of("n2"), T0, T0.plusSeconds(3600), 10).collectList().block())
                .extracting(JobRow::jobId).containsExactly("4711");
        assertThat(repository.onNodes(Set.of("n2"), T0.plusSeconds(71), T0.plusSeconds(3600), 10).collectList().block())
                .isEmpty();
    }

    @Test
    void aJobThatVanishesWithoutAnEndEndsWhenLastSeenAndSaysSo() {
        answers.then(job("1", "RUNNING", T0, null, "n1"));
        answers.then(job("1", "RUNNING", T0, null, "n1"));
        answers.then();
        pollAt(T0.plusSeconds(10));
        pollAt(T0.plusSeconds(40));
        pollAt(T0.plusSeconds(70));

        JobRow gone = only("1");
        assertThat(gone.state()).isEqualTo("GONE");
        assertThat(gone.endedAt()).isEqualTo(T0.plusSeconds(40));
        assertThat(gone.endEstimated()).isTrue();
        assertThat(runs("1")).extracting(NodeRunRow::endedAt).containsExactly(T0.plusSeconds(40));
    }

    @Test
    void aJobThatStartedAndEndedBetweenTwoPollsIsRecordedWholeOnce() {
        SchedulerJob shortJob = job("2", "COMPLETED", T0.plusSeconds(12), T0.plusSeconds(20), "n3", "n4");
        answers.then(shortJob);
        answers.then(shortJob);
        pollAt(T0.plusSeconds(30));
        pollAt(T0.plusSeconds(60));

        assertThat(state.count("job")).isOne();
        assertThat(runs("2")).extracting(NodeRunRow::nodeName, NodeRunRow::startedAt, NodeRunRow::endedAt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("n3", T0.plusSeconds(12), T0.plusSeconds(20)),
                        org.assertj.core.groups.Tuple.tuple("n4", T0.plusSeconds(12), T0.plusSeconds(20)));
        assertThat(poller.feed().running()).isEmpty();
    }

    @Test
    void aRequeuedJobAndAResizedJobKeepTheirStretchesApart() {
        answers.then(job("3", "RUNNING", T0, null, "n1", "n2"), job("4", "RUNNING", T0, null, "n5", "n6"));
        answers.then(job("3", "RUNNING", T0.plusSeconds(50), null, "n7"), job("4", "RUNNING", T0, null, "n5"));
        pollAt(T0.plusSeconds(10));
        pollAt(T0.plusSeconds(60));

        assertThat(runs("3")).extracting(NodeRunRow::nodeName, NodeRunRow::startedAt, NodeRunRow::endedAt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("n1", T0, T0.plusSeconds(10)),
                        org.assertj.core.groups.Tuple.tuple("n2", T0, T0.plusSeconds(10)),
                        org.assertj.core.groups.Tuple.tuple("n7", T0.plusSeconds(50), null));
        assertThat(runs("4")).extracting(NodeRunRow::nodeName, NodeRunRow::endedAt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("n5", null),
                        org.assertj.core.groups.Tuple.tuple("n6", T0.plusSeconds(60)));
    }

    @Test
    void aFailedPollKeepsTheJobsAsKnownAndSaysWhyAndARestartedPollerTakesThemUp() {
        answers.then(job("5", "RUNNING", T0, null, "n1"));
        answers.fails("squeue exited with 1: Unable to contact slurm controller");
        pollAt(T0.plusSeconds(10));
        pollAt(T0.plusSeconds(40));

        JobFeed feed = poller.feed();
        assertThat(feed.problem()).isEqualTo("squeue exited with 1: Unable to contact slurm controller");
        assertThat(feed.lastSuccess()).isEqualTo(T0.plusSeconds(10));
        assertThat(feed.lastAttempt()).isEqualTo(T0.plusSeconds(40));
        assertThat(feed.running()).extracting(r -> r.job().id()).containsExactly("5");
        assertThat(only("5").endedAt()).as("a failed poll ends nothing").isNull();

        poller = new JobPoller(answers, repository, properties, clock);
        answers.then(job("5", "CANCELLED", T0, T0.plusSeconds(100), "n1"));
        answers.then();
        pollAt(T0.plusSeconds(130));
        assertThat(only("5").endedAt()).isEqualTo(T0.plusSeconds(100));
        assertThat(runs("5")).extracting(NodeRunRow::endedAt).containsExactly(T0.plusSeconds(100));
    }

    @Test
    void aRestartedPollerEndsAJobThatVanishedWhileTheServerWasDown() {
        answers.then(job("6", "RUNNING", T0, null, "n1"));
        pollAt(T0.plusSeconds(10));
        poller = new JobPoller(answers, repository, properties, clock);
        answers.then();
        pollAt(T0.plusSeconds(3600));

        assertThat(only("6").endEstimated()).isTrue();
        assertThat(only("6").endedAt()).as("the last sighting the history has").isEqualTo(T0.plusSeconds(10));
    }

    @Test
    void tenThousandJobsAreWrittenInOnePoll() {
        List<SchedulerJob> jobs = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            jobs.add(job(Integer.toString(100_000 + i), i % 2 == 0 ? "RUNNING" : "COMPLETED", T0,
                    i % 2 == 0 ? null : T0.plusSeconds(5), "node" + (i % 500), "node" + ((i + 1) % 500)));
        }
        answers.then(jobs.toArray(SchedulerJob[]::new));
        answers.then(jobs.toArray(SchedulerJob[]::new));
        pollAt(T0.plusSeconds(10));
        pollAt(T0.plusSeconds(40));

        assertThat(poller.feed().problem()).isNull();
        assertThat(state.count("job")).isEqualTo(10_000);
        assertThat(state.count("job_node")).isEqualTo(20_000);
        assertThat(poller.feed().running()).hasSize(5_000);
    }
}
