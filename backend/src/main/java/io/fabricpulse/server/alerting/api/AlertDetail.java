package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.fabric.PortView;

import java.time.Instant;
import java.util.List;

/**
 * An alert with its context: the live state, counters and recent rates of the ports at its ends
 * (empty when the fabric no longer reports them), and its history, oldest first.
 */
public record AlertDetail(AlertView alert, List<PortView> ports, List<HistoryEntry> history) {

    /** One entry of the history: FIRED, ACKNOWLEDGED (text: the ticket), COMMENTED, RESOLVED. */
    public record HistoryEntry(Instant at, String kind, String actor, String text) {
    }
}
