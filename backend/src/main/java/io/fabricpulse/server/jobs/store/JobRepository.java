package io.fabricpulse.server.jobs.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The job history: {@code job} (one row per job) and {@code job_node} (one row per stretch of a job on a
 * node). Every write is idempotent (MERGE by the job's identity, runs by job, node and start), so several
 * replicas polling the same scheduler write the same history, and a poll repeated after a crash changes nothing.
 */
@Repository
public class JobRepository {

    private static final String COLUMNS = "id, source, cluster_name, job_id, submitted_at, name, user_name, account, "
            + "partition_name, state, started_at, ended_at, end_estimated, first_seen_at, last_seen_at";
    private static final String J_COLUMNS = "j.id, j.source, j.cluster_name, j.job_id, j.submitted_at, j.name, "
            + "j.user_name, j.account, j.partition_name, j.state, j.started_at, j.ended_at, j.end_estimated, "
            + "j.first_seen_at, j.last_seen_at";

    private final DatabaseClient db;

    public JobRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Inserts the job or updates what may change (name, state, times, last seen; the first sighting stays),
     * and returns the row with its id. An ended job stays ended: a later row without an end does not reopen it.
     */
    public Mono<JobRow> record(JobRow row) {
        return recordAll(List.of(row)).next();
    }

    /** {@link #record} for many jobs, in multi-row statements; the rows come back with their ids, in any order. */
    public Flux<JobRow> recordAll(List<JobRow> rows) {
        return Flux.fromIterable(StateSql.chunks(rows)).concatMap(chunk -> {
            StringJoiner rowsSql = new StringJoiner(", ");
            for (int i = 0; i < chunk.size(); i++) {
                rowsSql.add(("(CAST(:so%1$d AS VARCHAR(32)), CAST(:cl%1$d AS VARCHAR(128)), CAST(:id%1$d AS VARCHAR(64)), "
                        + ":su%1$d, CAST(:na%1$d AS VARCHAR(256)), CAST(:us%1$d AS VARCHAR(256)), "
                        + "CAST(:ac%1$d AS VARCHAR(256)), CAST(:pa%1$d AS VARCHAR(256)), CAST(:st%1$d AS VARCHAR(32)), "
                        + ":sa%1$d, :en%1$d, :es%1$d, :se%1$d)").formatted(i));
            }
            DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO job AS t USING (VALUES " + rowsSql
                    + ") AS s (source, cluster_name, job_id, submitted_at, name, user_name, account, partition_name, "
                    + "state, started_at, ended_at, end_estimated, seen) "
                    + "ON t.source = s.source AND t.cluster_name = s.cluster_name AND t.job_id = s.job_id "
                    + "AND t.submitted_at = s.submitted_at "
                    + "WHEN MATCHED THEN UPDATE SET name = s.name, user_name = s.user_name, account = s.account, "
                    + "partition_name = s.partition_name, "
                    + "state = CASE WHEN t.ended_at IS NOT NULL AND s.ended_at IS NULL THEN t.state ELSE s.state END, "
                    + "started_at = s.started_at, "
                    + "end_estimated = CASE WHEN t.ended_at IS NOT NULL AND s.ended_at IS NULL THEN t.end_estimated "
                    + "ELSE s.end_estimated END, "
                    + "ended_at = CASE WHEN t.ended_at IS NOT NULL AND s.ended_at IS NULL THEN t.ended_at ELSE s.ended_at END, "
                    + "last_seen_at = CASE WHEN s.seen > t.last_seen_at THEN s.seen ELSE t.last_seen_at END "
                    + "WHEN NOT MATCHED THEN INSERT (source, cluster_name, job_id, submitted_at, name, user_name, account, "
                    + "partition_name, state, started_at, ended_at, end_estimated, first_seen_at, last_seen_at) VALUES "
                    + "(s.source, s.cluster_name, s.job_id, s.submitted_at, s.name, s.user_name, s.account, "
                    + "s.partition_name, s.state, s.started_at, s.ended_at, s.end_estimated, s.seen, s.seen)");
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                JobRow row = chunk.get(i);
                values.put("so" + i, StateSql.parameter(row.source(), String.class));
                values.put("cl" + i, StateSql.parameter(row.cluster(), String.class));
                values.put("id" + i, StateSql.parameter(row.jobId(), String.class));
                values.put("su" + i, StateSql.parameter(row.submittedAt(), Instant.class));
                values.put("na" + i, StateSql.parameter(row.name(), String.class));
                values.put("us" + i, StateSql.parameter(row.user(), String.class));
                values.put("ac" + i, StateSql.parameter(row.account(), String.class));
                values.put("pa" + i, StateSql.parameter(row.partition(), String.class));
                values.put("st" + i, StateSql.parameter(row.state(), String.class));
                values.put("sa" + i, StateSql.parameter(row.startedAt(), Instant.class));
                values.put("en" + i, StateSql.parameter(row.endedAt(), Instant.class));
                values.put("es" + i, StateSql.parameter(row.endEstimated(), Boolean.class));
                values.put("se" + i, StateSql.parameter(row.lastSeenAt(), Instant.class));
            }
            // Bound in one call: DatabaseClient.bind copies every binding made so far (quadratic in the rows).
            merge = merge.bindValues(values);
            // The rows read back by their identity, joined on the same VALUES so that H2 and PostgreSQL look them up
            // by the identity's index (an IN list of bound strings makes H2 scan the table).
            StringJoiner keys = new StringJoiner(", ");
            for (int i = 0; i < chunk.size(); i++) {
                keys.add(("(CAST(:so%1$d AS VARCHAR(32)), CAST(:cl%1$d AS VARCHAR(128)), CAST(:id%1$d AS VARCHAR(64)), "
                        + ":su%1$d)").formatted(i));
            }
            DatabaseClient.GenericExecuteSpec select = db.sql("SELECT " + J_COLUMNS + " FROM job j JOIN (VALUES " + keys
                    + ") AS k (source, cluster_name, job_id, submitted_at) ON j.source = k.source "
                    + "AND j.cluster_name = k.cluster_name AND j.job_id = k.job_id AND j.submitted_at = k.submitted_at");
            Map<String, Object> keyValues = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                for (String name : List.of("so", "cl", "id", "su")) {
                    keyValues.put(name + i, values.get(name + i));
                }
            }
            select = select.bindValues(keyValues);
            return merge.fetch().rowsUpdated().thenMany(select.map(JobRepository::job).all());
        });
    }

    /**
     * Puts stretches of jobs on nodes: a new one is inserted (ended or not); one already there gets its end when
     * the row has one and the stored stretch has none. Repeats change nothing.
     */
    public Mono<Long> putRuns(List<NodeRunRow> runs) {
        return Flux.fromIterable(StateSql.chunks(runs)).concatMap(chunk -> {
            StringJoiner rowsSql = new StringJoiner(", ");
            for (int i = 0; i < chunk.size(); i++) {
                rowsSql.add("(CAST(:j%1$d AS BIGINT), CAST(:n%1$d AS VARCHAR(256)), :s%1$d, :e%1$d)".formatted(i));
            }
            DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO job_node AS t USING (VALUES " + rowsSql
                    + ") AS s (job_ref, node_name, started_at, ended_at) ON t.job_ref = s.job_ref "
                    + "AND t.node_name = s.node_name AND t.started_at = s.started_at "
                    + "WHEN MATCHED AND t.ended_at IS NULL AND s.ended_at IS NOT NULL THEN UPDATE SET ended_at = s.ended_at "
                    + "WHEN NOT MATCHED THEN INSERT (job_ref, node_name, started_at, ended_at) "
                    + "VALUES (s.job_ref, s.node_name, s.started_at, s.ended_at)");
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                NodeRunRow run = chunk.get(i);
                values.put("j" + i, run.jobRef());
                values.put("n" + i, run.nodeName());
                values.put("s" + i, StateSql.parameter(run.startedAt(), Instant.class));
                values.put("e" + i, StateSql.parameter(run.endedAt(), Instant.class));
            }
            merge = merge.bindValues(values);
            return merge.fetch().rowsUpdated();
        }).reduce(0L, Long::sum);
    }

    /** Opens the job's stretch on each node from {@code startedAt}; one already there stays as it is. */
    public Mono<Long> openRuns(long job, Collection<String> nodes, Instant startedAt) {
        return putRuns(nodes.stream().map(node -> new NodeRunRow(job, node, startedAt, null)).toList());
    }

    /** Marks running jobs as seen at {@code at}, in bulk: their last sighting is where an estimated end goes. */
    public Mono<Long> seen(Collection<Long> jobs, Instant at) {
        return Flux.fromIterable(StateSql.chunks(List.copyOf(jobs))).concatMap(chunk -> db.sql(
                        "UPDATE job SET last_seen_at = :at WHERE id IN (:ids) AND last_seen_at < :at")
                .bind("at", StateSql.stored(at)).bind("ids", chunk).fetch().rowsUpdated()).reduce(0L, Long::sum);
    }

    /** Ends the job's open stretches (on {@code nodes} only, or all when null) at {@code endedAt}. */
    public Mono<Long> closeRuns(long job, Collection<String> nodes, Instant endedAt) {
        if (nodes != null && nodes.isEmpty()) {
            return Mono.just(0L);
        }
        String which = nodes == null ? "" : " AND node_name IN (:nodes)";
        DatabaseClient.GenericExecuteSpec update = db.sql("UPDATE job_node SET ended_at = :ended WHERE job_ref = :job "
                + "AND ended_at IS NULL" + which).bind("ended", StateSql.stored(endedAt)).bind("job", job);
        if (nodes != null) {
            update = update.bind("nodes", List.copyOf(nodes));
        }
        return update.fetch().rowsUpdated();
    }

    /** Jobs not ended as last seen, oldest first: what a poller takes up again after a restart. */
    public Flux<JobRow> running() {
        return db.sql("SELECT " + COLUMNS + " FROM job WHERE ended_at IS NULL ORDER BY started_at, id")
                .map(JobRepository::job).all();
    }

    /** Every job with this id at the scheduler, newest first (one per cluster, and after id reuse). */
    public Flux<JobRow> byJobId(String jobId) {
        return db.sql("SELECT " + COLUMNS + " FROM job WHERE job_id = :jobId ORDER BY submitted_at DESC, id DESC")
                .bind("jobId", jobId).map(JobRepository::job).all();
    }

    public Mono<JobRow> find(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM job WHERE id = :id").bind("id", id).map(JobRepository::job).one();
    }

    /** The job's stretches on its nodes, by node name and start. */
    public Flux<NodeRunRow> runs(long job) {
        return db.sql("SELECT job_ref, node_name, started_at, ended_at FROM job_node WHERE job_ref = :job "
                + "ORDER BY node_name, started_at").bind("job", job).map(JobRepository::run).all();
    }

    /**
     * Jobs with a stretch on one of {@code nodes} that overlaps {@code [from, to)}, newest start first, at most
     * {@code limit}. A stretch without an end overlaps everything after its start.
     */
    public Flux<JobRow> onNodes(Collection<String> nodes, Instant from, Instant to, int limit) {
        if (nodes.isEmpty()) {
            return Flux.empty();
        }
        return db.sql("SELECT " + J_COLUMNS + " FROM job j WHERE EXISTS (SELECT 1 FROM job_node n WHERE n.job_ref = j.id "
                        + "AND n.node_name IN (:nodes) AND n.started_at < :to AND (n.ended_at IS NULL OR n.ended_at >= :from)) "
                        + "ORDER BY j.started_at DESC, j.id DESC FETCH FIRST " + limit + " ROWS ONLY")
                .bind("nodes", List.copyOf(nodes)).bind("from", StateSql.stored(from)).bind("to", StateSql.stored(to))
                .map(JobRepository::job).all();
    }

    /** Jobs that ran at some time in {@code [from, to)}, newest start first, at most {@code limit}. */
    public Flux<JobRow> during(Instant from, Instant to, int limit) {
        return db.sql("SELECT " + COLUMNS + " FROM job WHERE started_at < :to AND (ended_at IS NULL OR ended_at >= :from) "
                        + "ORDER BY started_at DESC, id DESC FETCH FIRST " + limit + " ROWS ONLY")
                .bind("from", StateSql.stored(from)).bind("to", StateSql.stored(to)).map(JobRepository::job).all();
    }

    /** The stretches of several jobs at once, for a list of jobs. */
    public Flux<NodeRunRow> runsOf(Collection<Long> jobs) {
        if (jobs.isEmpty()) {
            return Flux.empty();
        }
        return Flux.fromIterable(StateSql.chunks(List.copyOf(jobs))).concatMap(chunk -> db.sql(
                        "SELECT job_ref, node_name, started_at, ended_at FROM job_node WHERE job_ref IN (:jobs) "
                                + "ORDER BY job_ref, node_name, started_at")
                .bind("jobs", chunk).map(JobRepository::run).all());
    }

    /** Every node name the history knows, for matching fabric nodes to scheduler nodes. */
    public Flux<String> nodeNames() {
        return db.sql("SELECT DISTINCT node_name FROM job_node")
                .map(row -> StateSql.required(row, "node_name", String.class)).all();
    }

    /** Deletes jobs that ended before {@code before}, with their stretches; returns how many jobs. */
    public Mono<Long> deleteEndedBefore(Instant before) {
        return db.sql("DELETE FROM job WHERE ended_at IS NOT NULL AND ended_at < :before")
                .bind("before", StateSql.stored(before)).fetch().rowsUpdated();
    }

    /** A value for {@code bindValues}: times cut as the store keeps them, nulls typed. */
    private static JobRow job(Readable row) {
        return new JobRow(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "source", String.class),
                StateSql.required(row, "cluster_name", String.class),
                StateSql.required(row, "job_id", String.class),
                StateSql.required(row, "submitted_at", Instant.class),
                row.get("name", String.class), row.get("user_name", String.class), row.get("account", String.class),
                row.get("partition_name", String.class),
                StateSql.required(row, "state", String.class),
                StateSql.required(row, "started_at", Instant.class),
                row.get("ended_at", Instant.class),
                StateSql.required(row, "end_estimated", Boolean.class),
                StateSql.required(row, "first_seen_at", Instant.class),
                StateSql.required(row, "last_seen_at", Instant.class));
    }

    private static NodeRunRow run(Readable row) {
        return new NodeRunRow(StateSql.required(row, "job_ref", Long.class),
                StateSql.required(row, "node_name", String.class),
                StateSql.required(row, "started_at", Instant.class),
                row.get("ended_at", Instant.class));
    }
}
