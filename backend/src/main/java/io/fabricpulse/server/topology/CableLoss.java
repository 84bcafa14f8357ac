package io.fabricpulse.server.topology;

import io.fabricpulse.server.topology.model.PortEnd;

import java.time.Instant;

/**
 * A cable seen gone: the port's newest report no longer shows it (the port went Down, or is cabled elsewhere now), or a
 * complete walk no longer reached it. Found only when the structure changes, never per sample.
 *
 * @param end        the port whose report said so
 * @param peer       the far end it was cabled to
 * @param lastLinked the port's previous report, the last that showed the cable
 * @param lostAt     the report that no longer shows it
 */
public record CableLoss(PortEnd end, PortEnd peer, Instant lastLinked, Instant lostAt) {
}
