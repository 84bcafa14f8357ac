package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.AlertImpact;
import io.fabricpulse.server.fabric.PortView;

import java.time.Instant;
import java.util.List;

/**
 * An alert with its context: the live state, counters and recent rates of the ports at its ends
 * (empty when the fabric no longer reports them), its history, oldest first, and who it hurts: the jobs on
 * its nodes or routed over its link while it was open, and the host pairs the link carries.
 */
public record AlertDetail(AlertView alert, List<PortView> ports, List<HistoryEntry> history, AlertImpact.Impact impact) {

    /** One entry of the history: FIRED, ACKNOWLEDGED (text: the ticket), COMMENTED, RESOLVED. */
    public record HistoryEntry(Instant at, String kind, String actor, String text) {
    }
}
