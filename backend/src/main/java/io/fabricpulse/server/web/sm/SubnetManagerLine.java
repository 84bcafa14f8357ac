package io.fabricpulse.server.web.sm;

import io.fabricpulse.server.sm.SubnetManagerView;

/**
 * One SM as the page shows it.
 *
 * @param sm      what it answered
 * @param runsOn  the node and port answering at its LID, a dash when unknown
 * @param state   its state as sminfo names it, "reserved" for a reserved code, a dash without an answer
 * @param problem why its last query went unanswered, or the reserved values it sent; empty when none
 */
public record SubnetManagerLine(SubnetManagerView sm, String runsOn, String state, String problem) {
}
