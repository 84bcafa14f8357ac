package io.fabricpulse.server.web.jobs;

import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.jobs.JobData;
import io.fabricpulse.server.jobs.JobView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.node.PortSummary;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** A job's page, line by line: the job's facts, its nodes, its ports, the alerts that touched it. */
final class JobLines {

    private JobLines() {
    }

    /** The job's head: every value as the page prints it. */
    record Job(String id, String cluster, String name, String user, String account, String partition, String state,
               boolean running, String submittedAt, String startedAt, String startedAtIso, String endedAt,
               boolean endEstimated, String href) {
    }

    /** A scheduler node: its CAs (name and GUID), when the job was on it, and whether it matched the fabric. */
    record Node(String name, String host, List<Ca> cas, String stretches) {
    }

    record Ca(String guid, String name) {
    }

    record Port(String nodeGuid, String nodeName, PortSummary summary) {
    }

    record Alert(long id, String severity, String rule, String summary, String state, String firedAt,
                 String resolvedAt) {
    }

    /** How fresh the scheduler's data is, as a sentence. */
    record Data(boolean stale, String text) {
    }

    static Job job(JobView job, DisplayFormat format) {
        return new Job(job.id(), job.cluster(), job.name(), job.user(), job.account(), job.partition(),
                job.state(), job.running(), format.dateTime(job.submittedAt()), format.dateTime(job.startedAt()),
                format.isoTime(job.startedAt()), job.running() ? "running" : format.dateTime(job.endedAt()),
                job.endEstimated(), "/jobs/" + job.id() + (job.cluster() == null ? "" : "?cluster=" + job.cluster()));
    }

    static List<Node> nodes(JobView job, DisplayFormat format) {
        return job.nodes().stream().map(node -> new Node(node.name(), node.host(),
                node.fabricNodes().stream().map(ca -> new Ca(ca.guid(), ca.name())).toList(),
                node.stretches().stream().map(s -> format.dateTime(s.from()) + " – "
                        + (s.to() == null ? "now" : format.dateTime(s.to()))).collect(Collectors.joining("; "))))
                .toList();
    }

    static Alert alert(AlertView alert, DisplayFormat format) {
        return new Alert(alert.id(), alert.severity().name().toLowerCase(Locale.ROOT), alert.rule(), alert.summary(),
                alert.state().toLowerCase(Locale.ROOT), format.dateTime(alert.firedAt()),
                alert.resolvedAt() == null ? DisplayFormat.MISSING : format.dateTime(alert.resolvedAt()));
    }

    static Data data(JobData data, DisplayFormat format) {
        if (!data.stale()) {
            return new Data(false, "from " + data.source() + ", as of " + format.dateTime(data.asOf()));
        }
        return new Data(true, "Job data from " + data.source() + " may be out of date"
                + (data.asOf() == null ? "" : " (last answer " + format.dateTime(data.asOf()) + ")")
                + (data.problem() == null ? "" : ": " + data.problem()));
    }
}
