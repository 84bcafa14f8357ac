package io.fabricpulse.server.jobs.slurm;

import io.fabricpulse.server.jobs.JobSnapshot;
import io.fabricpulse.server.jobs.JobSourceException;
import io.fabricpulse.server.jobs.SchedulerJob;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads {@code squeue --json}: streamed, one job at a time (10,000 jobs are tens of MB of JSON), across the
 * openapi versions Slurm has printed: v0.0.38 (22.05: times as numbers, {@code job_state} a string) and the
 * data_parser versions after it (23.02+: times as {@code {"set", "infinite", "number"}}, {@code job_state} a
 * list). A job that cannot be read is left out and named; an answer that is not such a document fails the
 * poll with where it broke.
 */
final class SqueueJson {

    /** The most nodes one job may name; more is taken as a broken answer, not a job. */
    static final int MAX_NODES_PER_JOB = 100_000;
    /** Names and other texts are kept to this many characters. */
    static final int MAX_TEXT = 256;
    private static final int MAX_PROBLEMS = 10;
    private static final Set<String> NOT_STARTED = Set.of("PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED",
            "SPECIAL_EXIT", "RESV_DEL_HOLD", "REVOKED");
    private static final Set<String> ENDED = Set.of("COMPLETED", "CANCELLED", "FAILED", "TIMEOUT", "NODE_FAIL",
            "PREEMPTED", "BOOT_FAIL", "DEADLINE", "OUT_OF_MEMORY");

    private final JsonMapper mapper;
    private final Clock clock;

    SqueueJson(Clock clock) {
        this.clock = clock;
        JsonFactory factory = JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(64).maxStringLength(1 << 20).maxNumberLength(40).build()).build();
        // Each job is read as a tree from the middle of the stream: what follows it is the next job, not trailing junk.
        this.mapper = JsonMapper.builder(factory).disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
    }

    /** Whether a state means the job is over (its end time then is when it ended, not a limit). */
    static boolean ended(String state) {
        return ENDED.contains(state);
    }

    JobSnapshot read(InputStream json, String what) throws JobSourceException {
        List<SchedulerJob> jobs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int skipped = 0;
        boolean sawJobs = false;
        try (JsonParser parser = mapper.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new JobSourceException(what + " is not a JSON object" + at(parser.currentLocation()));
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!"jobs".equals(field)) {
                    parser.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_ARRAY) {
                    throw new JobSourceException(what + ": 'jobs' is not a list" + at(parser.currentLocation()));
                }
                sawJobs = true;
                int index = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    JsonNode node = mapper.readTree(parser);
                    try {
                        SchedulerJob job = job(node);
                        if (job != null) {
                            jobs.add(job);
                        }
                    } catch (IllegalArgumentException e) {
                        skipped++;
                        if (problems.size() < MAX_PROBLEMS) {
                            problems.add("job #" + index + idOf(node) + ": " + e.getMessage());
                        }
                    }
                    index++;
                }
            }
        } catch (JacksonException e) {
            throw new JobSourceException(what + " is not valid JSON" + at(e.getLocation()) + ": " + e.getOriginalMessage());
        }
        if (!sawJobs) {
            throw new JobSourceException(what + " has no 'jobs' list: not an answer of squeue --json");
        }
        return new JobSnapshot(clock.instant(), jobs, skipped, problems);
    }

    /** The job, or null for one that has not run on nodes (pending): there is nothing of it on the fabric yet. */
    private SchedulerJob job(JsonNode job) {
        JsonNode idNode = job.get("job_id");
        if (idNode == null || !idNode.isIntegralNumber() || idNode.asLong() < 1) {
            throw new IllegalArgumentException("no job_id (a positive whole number)");
        }
        String state = state(job.get("job_state"));
        Instant started = time(job.get("start_time"), "start_time");
        String hostlist = text(job.get("nodes"));
        if (NOT_STARTED.contains(state) || started == null || hostlist == null) {
            return null;
        }
        List<String> nodes;
        try {
            nodes = Hostlist.expand(hostlist, MAX_NODES_PER_JOB);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("nodes '" + cut(hostlist) + "' is not a Slurm hostlist: " + e.getMessage());
        }
        if (nodes.isEmpty()) {
            return null;
        }
        Instant ended = ENDED.contains(state) ? time(job.get("end_time"), "end_time") : null;
        return new SchedulerJob(text(job.get("cluster")), id(job, idNode.asLong()), cut(text(job.get("name"))),
                cut(text(job.get("user_name"))), cut(text(job.get("account"))), cut(text(job.get("partition"))), state,
                time(job.get("submit_time"), "submit_time"), started, ended, nodes);
    }

    /** {@code 4711}, or {@code 4700_11} for task 11 of array job 4700, as squeue prints it. */
    private static String id(JsonNode job, long jobId) {
        Long arrayJob = number(job.get("array_job_id"));
        Long task = number(job.get("array_task_id"));
        return arrayJob != null && arrayJob > 0 && task != null ? arrayJob + "_" + task : Long.toString(jobId);
    }

    /** {@code "RUNNING"}, or the first of {@code ["RUNNING", "COMPLETING"]} (23.02+). */
    private static String state(JsonNode state) {
        JsonNode first = state != null && state.isArray() ? state.get(0) : state;
        if (first == null || !first.isString() || first.asString().isBlank()) {
            throw new IllegalArgumentException("no job_state");
        }
        return first.asString().strip().toUpperCase(Locale.ROOT);
    }

    /** Seconds since the epoch, plain or as {@code {"set": true, "number": N}}; 0, unset or infinite: null. */
    private static Instant time(JsonNode value, String field) {
        Long seconds = number(value);
        if (seconds == null || seconds <= 0) {
            return null;
        }
        if (seconds > 253_402_300_799L) { // past year 9999: not a time
            throw new IllegalArgumentException(field + " " + seconds + " is not a time");
        }
        return Instant.ofEpochSecond(seconds);
    }

    private static Long number(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isObject()) {
            boolean set = value.path("set").asBoolean(true);
            boolean infinite = value.path("infinite").asBoolean(false);
            JsonNode number = value.get("number");
            return set && !infinite && number != null && number.isIntegralNumber() ? number.asLong() : null;
        }
        return value.isIntegralNumber() ? value.asLong() : null;
    }

    private static String text(JsonNode value) {
        return value == null || !value.isString() || value.asString().isEmpty() ? null : value.asString();
    }

    private static String cut(String text) {
        return text == null || text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 1) + "…";
    }

    private static String idOf(JsonNode job) {
        JsonNode id = job.get("job_id");
        return id != null && id.isIntegralNumber() ? " (job " + id.asLong() + ")" : "";
    }

    private static String at(TokenStreamLocation location) {
        return location == null ? "" : " at line " + location.getLineNr() + " column " + location.getColumnNr();
    }
}
