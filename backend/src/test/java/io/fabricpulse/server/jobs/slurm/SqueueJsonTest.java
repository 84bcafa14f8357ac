package io.fabricpulse.server.jobs.slurm;

import io.fabricpulse.server.jobs.JobSnapshot;
import io.fabricpulse.server.jobs.JobSourceException;
import io.fabricpulse.server.jobs.SchedulerJob;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * squeue's JSON: a real answer of Slurm 22.05 (openapi v0.0.38; captured from a two-node test cluster with a
 * job on both nodes named with markup and quotes, an array job, a completed and a pending job), the later
 * data_parser layout, and answers that are not what they should be.
 */
class SqueueJsonTest {

    private static final Instant NOW = Instant.parse("2026-11-26T08:40:00Z");
    private final SqueueJson reader = new SqueueJson(Clock.fixed(NOW, ZoneOffset.UTC));

    private JobSnapshot read(String json) throws JobSourceException {
        return reader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "the answer");
    }

    @Test
    void aRealAnswerOfSlurm2205GivesTheJobsOnNodesWithTheirTimes() throws IOException, JobSourceException {
        JobSnapshot snapshot;
        try (InputStream in = getClass().getResourceAsStream("/slurm/squeue-22.05.json")) {
            snapshot = reader.read(in, "squeue");
        }

        assertThat(snapshot.skipped()).isZero();
        assertThat(snapshot.at()).isEqualTo(NOW);
        assertThat(snapshot.jobs()).extracting(SchedulerJob::id).as("the pending job has no nodes yet")
                .containsExactly("2", "3", "4_1", "4_2");
        SchedulerJob two = snapshot.jobs().getFirst();
        assertThat(two.name()).isEqualTo("cfd <i>run</i> & \"q\"");
        assertThat(two.nodes()).containsExactly("n1", "n2");
        assertThat(two.state()).isEqualTo("RUNNING");
        assertThat(two.endedAt()).as("a running job's end_time is its time limit, not an end").isNull();
        assertThat(two.cluster()).isEqualTo("fptest");
        assertThat(two.user()).isEqualTo("root");
        assertThat(two.partition()).isEqualTo("debug");
        assertThat(two.startedAt()).isAfter(two.submittedAt().minusSeconds(1));
        SchedulerJob done = snapshot.jobs().get(1);
        assertThat(done.state()).isEqualTo("COMPLETED");
        assertThat(done.endedAt()).isNotNull().isAfterOrEqualTo(done.startedAt());
    }

    @Test
    void theDataParserLayoutOfLaterSlurmReadsTheSame() throws JobSourceException {
        JobSnapshot snapshot = read("""
                {"meta": {"plugin": {"type": "openapi/slurmctld"}}, "jobs": [
                 {"job_id": 7, "name": "train", "user_name": "bob", "account": "ml", "partition": "gpu",
                  "job_state": ["RUNNING", "COMPLETING"], "cluster": "c1",
                  "submit_time": {"set": true, "infinite": false, "number": 1795679000},
                  "start_time": {"set": true, "infinite": false, "number": 1795679208},
                  "end_time": {"set": true, "infinite": false, "number": 1827215208},
                  "array_job_id": {"set": true, "number": 0}, "array_task_id": {"set": false, "number": 0},
                  "nodes": "gpu[01-03]"},
                 {"job_id": 8, "job_state": ["COMPLETED"], "nodes": "gpu04",
                  "start_time": {"set": true, "number": 1795679208}, "end_time": {"set": true, "number": 1795679300},
                  "submit_time": {"set": true, "number": 1795679100}}
                ], "warnings": [], "errors": []}
                """);

        assertThat(snapshot.jobs()).hasSize(2);
        SchedulerJob train = snapshot.jobs().getFirst();
        assertThat(train.id()).isEqualTo("7");
        assertThat(train.state()).isEqualTo("RUNNING");
        assertThat(train.nodes()).containsExactly("gpu01", "gpu02", "gpu03");
        assertThat(train.startedAt()).isEqualTo(Instant.ofEpochSecond(1795679208));
        assertThat(train.endedAt()).isNull();
        assertThat(snapshot.jobs().get(1).endedAt()).isEqualTo(Instant.ofEpochSecond(1795679300));
        assertThat(snapshot.jobs().get(1).cluster()).isNull();
    }

    @Test
    void aJobThatCannotBeReadIsLeftOutAndNamedTheOthersCount() throws JobSourceException {
        JobSnapshot snapshot = read("""
                {"jobs": [
                 {"job_id": 1, "job_state": "RUNNING", "start_time": 1795679208, "nodes": "n[1-"},
                 {"job_state": "RUNNING", "start_time": 1795679208, "nodes": "n1"},
                 {"job_id": 3, "start_time": 1795679208, "nodes": "n1"},
                 {"job_id": 4, "job_state": "RUNNING", "start_time": 99999999999999, "nodes": "n1"},
                 {"job_id": 5, "job_state": "RUNNING", "start_time": 1795679208, "submit_time": 1795679000, "nodes": "n2",
                  "name": "%s"}
                ]}""".formatted("x".repeat(5000)));

        assertThat(snapshot.jobs()).extracting(SchedulerJob::id).containsExactly("5");
        assertThat(snapshot.jobs().getFirst().name()).hasSize(SqueueJson.MAX_TEXT).endsWith("…");
        assertThat(snapshot.skipped()).isEqualTo(4);
        assertThat(snapshot.problems()).containsExactly(
                "job #0 (job 1): nodes 'n[1-' is not a Slurm hostlist: '[' without ']'",
                "job #1: no job_id (a positive whole number)",
                "job #2 (job 3): no job_state",
                "job #3 (job 4): start_time 99999999999999 is not a time");
    }

    @Test
    void anAnswerThatIsNotSqueuesJsonFailsThePollSayingWhere() {
        assertThatThrownBy(() -> read("slurm_load_jobs error: Unable to contact slurm controller"))
                .isInstanceOf(JobSourceException.class).hasMessageContaining("the answer is not valid JSON at line 1");
        assertThatThrownBy(() -> read("{\"jobs\": [{\"job_id\": 1,\n \"name\": \"x\" \"oops\"}]}"))
                .hasMessageContaining("at line 2 column");
        assertThatThrownBy(() -> read("{\"meta\": {}}")).hasMessageContaining("has no 'jobs' list");
        assertThatThrownBy(() -> read("{\"jobs\": {}}")).hasMessageContaining("'jobs' is not a list");
        assertThatThrownBy(() -> read("[]")).hasMessageContaining("is not a JSON object");
        assertThatThrownBy(() -> read("")).isInstanceOf(JobSourceException.class);
    }
}
