package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;

import java.time.Duration;

/**
 * A port that is not Active. Initializing or Armed: the link is up physically but no subnet manager
 * has configured it (seed notes: "Initializing = no SM"). Down: the physical link is gone (Polling:
 * nothing answers at the far end) - only for ports seen Active before, since every unused switch
 * port is Down/Polling forever and means nothing.
 */
public final class PortNotActiveRule implements PortRule {

    public static final String NAME = "port-not-active";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Port Initializing/Armed (no SM), or Down after having been Active (cable or far end)";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.CRITICAL, null, null, null, null, Duration.ofMinutes(1), null);
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        PortState state = sample.view().state();
        if (state == null || state == PortState.ACTIVE) {
            return null;
        }
        String physical = sample.view().physicalState() == null ? "unknown" : sample.view().physicalState().name();
        if (state == PortState.INIT || state == PortState.ARMED) {
            return new Finding("PortState", state.code(), PortState.ACTIVE.code(), "state",
                    "port " + state.name() + " (physical " + physical + "): no subnet manager has brought it to Active");
        }
        if (!sample.wasActive()) {
            return null;
        }
        return new Finding("PortState", state.code(), PortState.ACTIVE.code(), "state",
                "port went DOWN (physical " + physical + ") after being Active: cable, transceiver or far end");
    }
}
