package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.topology.LinkEnd;

/**
 * One cabled port to read in a sweep.
 *
 * @param nodeGuid the node it belongs to
 * @param lid      the LID its counters are read at: the switch's LID for a switch port, the port's own for a CA
 * @param port     its port number
 * @param peer     the far end of its cable, as discovered
 */
public record SweepTarget(long nodeGuid, int lid, int port, LinkEnd peer) {
}
