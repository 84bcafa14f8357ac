package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertImpact;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.List;

/**
 * Who an alert hurts, as its page shows it: the host pairs routed over its link each way (when it is about a
 * link the routes know), the jobs on its nodes or with node pairs routed over it while it was open, and what
 * limits the answer (stale job data or routes).
 *
 * @param pairs a sentence on the pairs each way, null when no routes are known for it
 */
record ImpactPanel(String pairs, List<Job> jobs, boolean stale, List<String> notes) {

    /** One job: its page, and why it is listed. */
    record Job(String id, String href, String name, String user, String state, String why, int pairs, String started) {
    }

    static ImpactPanel of(AlertImpact.Impact impact, List<AlertEnd> ends, DisplayFormat format) {
        String pairs = null;
        AlertImpact.LinkRoutes routes = impact.routes();
        if (routes != null && !ends.isEmpty()) {
            String first = label(ends.getFirst());
            String second = ends.size() > 1 ? label(ends.get(1)) : "the far end";
            pairs = routes.fromFirstEnd() + " host pairs routed " + first + " → " + second + ", " + routes.toFirstEnd()
                    + " routed " + second + " → " + first;
        }
        List<Job> jobs = impact.jobs().stream().map(job -> new Job(job.id(), "/jobs/" + job.id()
                        + (job.cluster() == null ? "" : "?cluster=" + job.cluster()), job.name(), job.user(),
                job.running() ? "running" : job.state(), "NODE".equals(job.why()) ? "on an end" : "routed over the link",
                job.pairs(), format.dateTime(job.startedAt()))).toList();
        return new ImpactPanel(pairs, jobs, impact.stale(), impact.notes());
    }

    private static String label(AlertEnd end) {
        return end.nodeName() + "[" + end.portNumber() + "]";
    }
}
