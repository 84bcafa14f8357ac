package io.fabricpulse.server.topology;

import io.fabricpulse.server.topology.model.PortEnd;

import java.time.Instant;

/**
 * One difference between the live fabric and the baseline, as an event: first {@code detectedAt},
 * and once it no longer holds (cable back, new baseline) again with {@code resolvedAt}.
 *
 * @param kind       what changed
 * @param nodeGuid   the node concerned (for a link: the node of its first end)
 * @param port       the port concerned (for a link: its first end), null for node changes
 * @param peer       the other end of the link as the baseline has it, null when not a link change
 * @param now        for {@link ChangeKind#LINK_MOVED}: where the port is plugged now; else null
 * @param detail     the change in words, with names and rates, for people
 * @param detectedAt when the server first saw it
 * @param resolvedAt when it stopped holding, null while it holds
 */
public record TopologyChange(ChangeKind kind, String nodeGuid, PortEnd port, PortEnd peer, PortEnd now,
                             String detail, Instant detectedAt, Instant resolvedAt) {

    /** Identity of a change across evaluations: the same difference found again is the same change. */
    public String key() {
        return kind + " " + nodeGuid + " " + port + " " + peer + " " + now;
    }

    TopologyChange detected(Instant at) {
        return new TopologyChange(kind, nodeGuid, port, peer, now, detail, at, null);
    }

    TopologyChange resolved(Instant at) {
        return new TopologyChange(kind, nodeGuid, port, peer, now, detail, detectedAt, at);
    }
}
