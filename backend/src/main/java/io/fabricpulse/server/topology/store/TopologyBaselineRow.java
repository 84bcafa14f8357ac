package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateText;

import java.time.Instant;

/**
 * A saved topology, as {@code topology_baseline} has it. The newest one is the baseline that later
 * views of the fabric are compared with.
 *
 * @param id        assigned by the database; 0 before the row is stored
 * @param createdAt when it was saved
 * @param createdBy who saved it
 * @param format    how {@code content} is written
 * @param content   the topology itself
 */
public record TopologyBaselineRow(long id, Instant createdAt, String createdBy, BaselineFormat format,
                                  String content) {

    static final int MAX_CREATED_BY = 100;

    public TopologyBaselineRow {
        if (createdAt == null || format == null) {
            throw new IllegalArgumentException("topology baseline: createdAt and format are required");
        }
        StateText.require("topology baseline creator", createdBy, MAX_CREATED_BY);
        if (content == null || content.isBlank()) {
            throw new IllegalArgumentException("topology baseline: the content is empty");
        }
    }

    /** What lists show: everything but the content. */
    public TopologyBaselineSummary summary() {
        return new TopologyBaselineSummary(id, createdAt, createdBy, format, content.length());
    }
}
