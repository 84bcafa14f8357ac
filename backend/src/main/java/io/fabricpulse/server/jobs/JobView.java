package io.fabricpulse.server.jobs;

import java.time.Instant;
import java.util.List;

/**
 * A job as the API and the pages show it, from the history. Field names are stable (ticket systems read them).
 *
 * @param id           the scheduler's job id
 * @param cluster      the scheduler's cluster, null when it names none
 * @param source       the scheduler ({@code slurm})
 * @param name         the job's name as its user gave it: any text, markup included; escape it where shown
 * @param state        the scheduler's state as last seen ({@code RUNNING}, {@code COMPLETED}, ...), or {@code GONE}
 *                     when it left the scheduler's answers without an end
 * @param running      not ended as last seen
 * @param endEstimated {@code endedAt} is when it was last seen running, not an end the scheduler recorded
 * @param nodes        its nodes with the fabric's CAs they match and when the job was on each
 */
public record JobView(String id, String cluster, String source, String name, String user, String account,
                      String partition, String state, boolean running, boolean endEstimated, Instant submittedAt,
                      Instant startedAt, Instant endedAt, List<Node> nodes) {

    public JobView {
        nodes = List.copyOf(nodes);
    }

    /**
     * One node of a job.
     *
     * @param name        the scheduler's node name
     * @param host        the host name it stands for ({@code fabricpulse.jobs.node-names})
     * @param fabricNodes the CAs of that host in the fabric, empty when none matches (then no ports, no routes)
     * @param stretches   when the job was on it (a requeued job has several)
     */
    public record Node(String name, String host, List<NodeMatcher.FabricHost> fabricNodes, List<Stretch> stretches) {

        public Node {
            fabricNodes = List.copyOf(fabricNodes);
            stretches = List.copyOf(stretches);
        }
    }

    /** From {@code from} to {@code to} (null: still there). */
    public record Stretch(Instant from, Instant to) {
    }
}
