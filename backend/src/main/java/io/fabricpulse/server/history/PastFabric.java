package io.fabricpulse.server.history;

import io.fabricpulse.server.topology.PortSnapshot;
import io.fabricpulse.server.topology.model.FabricModel;

import java.time.Instant;
import java.util.List;

/**
 * The fabric as it was at {@code at}, for {@link io.fabricpulse.server.topology.TopologyViews} to draw and judge its
 * cables by, and what a page must say about how it was rebuilt.
 *
 * @param at       the instant, a whole second
 * @param topology the nodes and cables then ({@link PastTopology})
 * @param ports    the ports then (today's ports; their states, errors and load then)
 * @param notes    what is rebuilt and what is not, in sentences a page shows as they are
 */
public record PastFabric(Instant at, FabricModel topology, PortSnapshot ports, List<String> notes) {
}
