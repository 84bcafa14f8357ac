package io.fabricpulse.server.history;

import io.fabricpulse.server.topology.PortSnapshot;

import java.time.Instant;
import java.util.List;

/**
 * The fabric's ports as they were at {@code at}, for {@link io.fabricpulse.server.topology.TopologyViews} to judge
 * cables by, and what a page must say about how it was rebuilt.
 *
 * @param at          the instant, a whole second
 * @param ports       the ports then (today's ports; their states, errors and load then)
 * @param cabledSince how many of today's cables the cable history first saw after {@code at}: drawn, but not there then
 * @param notes       what is not history, in sentences a page shows as they are
 */
public record PastFabric(Instant at, PortSnapshot ports, int cabledSince, List<String> notes) {
}
