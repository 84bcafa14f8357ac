package io.fabricpulse.server.topology.store;

import java.time.Instant;

/**
 * A saved topology without its content, for lists.
 *
 * @param id        the baseline's id
 * @param createdAt when it was saved
 * @param createdBy who saved it
 * @param format    how its content is written
 * @param length    the content's length in characters
 */
public record TopologyBaselineSummary(long id, Instant createdAt, String createdBy, BaselineFormat format,
                                      long length) {
}
