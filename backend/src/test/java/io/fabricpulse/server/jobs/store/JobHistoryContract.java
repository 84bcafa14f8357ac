package io.fabricpulse.server.jobs.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job history: jobs by identity, their stretches on nodes, the queries by node and window that answer
 * "which jobs ran here between 02:00 and 03:00" after the scheduler forgot them, and writes that replicas and
 * repeated polls may make again without changing anything.
 */
public interface JobHistoryContract extends StateContract {

    Instant JOBS_T0 = Instant.parse("2026-03-01T02:00:00Z");

    private JobRepository jobs() {
        return new JobRepository(state().client());
    }

    private static JobRow job(String id, Instant submitted, Instant started, Instant ended, Instant seen) {
        return new JobRow(0, "slurm", "fp", id, submitted, "<script>alert('x')</script> & ünïcode", "alice", "physics",
                "gpu", ended == null ? "RUNNING" : "COMPLETED", started, ended, false, seen, seen);
    }

    @Test
    default void aJobIsRecordedOnceWhateverTheRepeatsAndAnEndedJobStaysEnded() {
        JobRow running = job("4711", JOBS_T0, JOBS_T0.plusSeconds(10), null, JOBS_T0.plusSeconds(20));
        JobRow stored = jobs().record(running).block();
        JobRow again = jobs().record(running).block();

        assertThat(stored.id()).isPositive().isEqualTo(again.id());
        assertThat(stored.name()).isEqualTo("<script>alert('x')</script> & ünïcode");
        assertThat(stored.endedAt()).isNull();
        assertThat(stored.firstSeenAt()).isEqualTo(JOBS_T0.plusSeconds(20));

        JobRow ended = jobs().record(job("4711", JOBS_T0, JOBS_T0.plusSeconds(10), JOBS_T0.plusSeconds(500),
                JOBS_T0.plusSeconds(600))).block();
        assertThat(ended.endedAt()).isEqualTo(JOBS_T0.plusSeconds(500));
        assertThat(ended.state()).isEqualTo("COMPLETED");
        JobRow lateReplica = jobs().record(job("4711", JOBS_T0, JOBS_T0.plusSeconds(10), null,
                JOBS_T0.plusSeconds(300))).block();
        assertThat(lateReplica.endedAt()).as("a replica's older look does not reopen it").isEqualTo(JOBS_T0.plusSeconds(500));
        assertThat(lateReplica.state()).isEqualTo("COMPLETED");
        assertThat(lateReplica.lastSeenAt()).isEqualTo(JOBS_T0.plusSeconds(600));
        assertThat(lateReplica.firstSeenAt()).isEqualTo(JOBS_T0.plusSeconds(20));
        assertThat(state().count("job")).isOne();
    }

    @Test
    default void anIdReusedAfterTheSchedulerLostItsStateIsAnotherJob() {
        jobs().record(job("1", JOBS_T0, JOBS_T0.plusSeconds(1), JOBS_T0.plusSeconds(60), JOBS_T0.plusSeconds(60))).block();
        jobs().record(job("1", JOBS_T0.plusSeconds(3600), JOBS_T0.plusSeconds(3601), null, JOBS_T0.plusSeconds(3602))).block();

        assertThat(jobs().byJobId("1").collectList().block()).extracting(JobRow::submittedAt)
                .containsExactly(JOBS_T0.plusSeconds(3600), JOBS_T0);
        assertThat(jobs().running().collectList().block()).extracting(JobRow::submittedAt)
                .containsExactly(JOBS_T0.plusSeconds(3600));
    }

    @Test
    default void stretchesOnNodesAnswerWhichJobsRanWhereAndWhenAfterTheyEnded() {
        JobRow early = jobs().record(job("10", JOBS_T0, JOBS_T0, JOBS_T0.plusSeconds(1800), JOBS_T0)).block();
        JobRow late = jobs().record(job("11", JOBS_T0, JOBS_T0.plusSeconds(5400), null, JOBS_T0)).block();
        JobRow elsewhere = jobs().record(job("12", JOBS_T0, JOBS_T0, null, JOBS_T0)).block();
        jobs().openRuns(early.id(), List.of("cn1", "cn2"), JOBS_T0).block();
        jobs().openRuns(early.id(), List.of("cn1", "cn2"), JOBS_T0).block();
        jobs().closeRuns(early.id(), null, JOBS_T0.plusSeconds(1800)).block();
        jobs().openRuns(late.id(), List.of("cn2"), JOBS_T0.plusSeconds(5400)).block();
        jobs().openRuns(elsewhere.id(), List.of("cn9"), JOBS_T0).block();

        assertThat(state().count("job_node")).as("repeated opens add nothing").isEqualTo(4);
        assertThat(jobs().runs(early.id()).collectList().block()).containsExactly(
                new NodeRunRow(early.id(), "cn1", JOBS_T0, JOBS_T0.plusSeconds(1800)),
                new NodeRunRow(early.id(), "cn2", JOBS_T0, JOBS_T0.plusSeconds(1800)));
        assertThat(jobs().onNodes(Set.of("cn2"), JOBS_T0, JOBS_T0.plusSeconds(3600), 100).collectList().block())
                .extracting(JobRow::jobId).containsExactly("10");
        assertThat(jobs().onNodes(Set.of("cn2"), JOBS_T0.plusSeconds(3600), JOBS_T0.plusSeconds(7200), 100)
                .collectList().block()).extracting(JobRow::jobId).as("a stretch without an end goes on").containsExactly("11");
        assertThat(jobs().onNodes(Set.of("cn1", "cn2"), JOBS_T0.minusSeconds(60), JOBS_T0.plusSeconds(9000), 100)
                .collectList().block()).extracting(JobRow::jobId).containsExactly("11", "10");
        assertThat(jobs().onNodes(Set.of("cn1"), JOBS_T0.plusSeconds(1801), JOBS_T0.plusSeconds(9000), 100)
                .collectList().block()).isEmpty();
        assertThat(jobs().during(JOBS_T0.plusSeconds(3600), JOBS_T0.plusSeconds(7200), 100).collectList().block())
                .extracting(JobRow::jobId).containsExactlyInAnyOrder("11", "12");
        assertThat(jobs().nodeNames().collectList().block()).containsExactlyInAnyOrder("cn1", "cn2", "cn9");
        assertThat(jobs().runsOf(List.of(early.id(), late.id())).collectList().block()).hasSize(3);
    }

    @Test
    default void aResizedJobLeavesSomeNodesAndOldJobsAreDeletedWithTheirStretches() {
        JobRow job = jobs().record(job("20", JOBS_T0, JOBS_T0, null, JOBS_T0)).block();
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < 450; i++) {
            nodes.add("node" + i);
        }
        jobs().openRuns(job.id(), nodes, JOBS_T0).block();
        assertThat(jobs().closeRuns(job.id(), List.of("node1", "node2"), JOBS_T0.plusSeconds(60)).block()).isEqualTo(2);
        assertThat(jobs().onNodes(Set.of("node1"), JOBS_T0.plusSeconds(61), JOBS_T0.plusSeconds(120), 10).collectList()
                .block()).isEmpty();
        assertThat(jobs().onNodes(Set.of("node3"), JOBS_T0.plusSeconds(61), JOBS_T0.plusSeconds(120), 10).collectList()
                .block()).hasSize(1);

        jobs().record(job("20", JOBS_T0, JOBS_T0, JOBS_T0.plusSeconds(100), JOBS_T0.plusSeconds(100))).block();
        assertThat(jobs().deleteEndedBefore(JOBS_T0.plusSeconds(99)).block()).isZero();
        assertThat(jobs().deleteEndedBefore(JOBS_T0.plusSeconds(101)).block()).isOne();
        assertThat(state().count("job_node")).isZero();
    }
}
