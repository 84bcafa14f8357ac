package io.fabricpulse.server.web;

import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.PortView;

/** One rule for how bad a port looks, so a port is red or amber on every page alike. */
public final class PortSeverity {

    private PortSeverity() {
    }

    /** {@code error} (an error rate above zero or a saturated counter), {@code warn} (not Active) or {@code ok}. */
    public static String of(PortView port) {
        if (!port.saturated().isEmpty() || port.errorRate() > 0) {
            return "error";
        }
        return port.state() == PortState.ACTIVE ? "ok" : "warn";
    }
}
