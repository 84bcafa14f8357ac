package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;

/**
 * A port that is not Active, judged on first sight where that is possible and from the fabric's history
 * where it is not (docs/ALERTING.md, "port-not-active"):
 * <ul>
 *   <li>physically up (LinkUp) but Initializing or Armed: a cable is there and no subnet manager has
 *   configured the port (none runs, or it does not reach or sweep it). Unambiguous: alerts at once;</li>
 *   <li>Down (Polling, Sleep, Training) or Disabled: ambiguous on its own, since every unused switch port
 *   is Down forever and a port may be disabled on purpose. Alerts only when the cable history or the
 *   baseline says a cable belongs there ({@link PortSample#expectedPeer()}); an empty port never alerts.</li>
 * </ul>
 * A port whose states are unknown (a reserved value the device sent) is not judged. Ethernet (RoCE) ports
 * have no subnet manager and are never judged here.
 */
public final class PortNotActiveRule implements PortRule {

    public static final String NAME = "port-not-active";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Port Initializing/Armed on a physically up link (no SM configures it), or Down/Disabled where "
                + "the cable history or baseline says a cable belongs";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.CRITICAL, null, null, null, null, Duration.ofMinutes(1), null);
    }

    @Override
    public boolean appliesTo(PortView port) {
        return !port.ethernet();
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        PortView view = sample.view();
        PhysicalState physical = view.physicalState();
        PortState state = view.state();
        if (physical == null) {
            return null; // a reserved value: the faults say so, the rule cannot know
        }
        if (physical == PhysicalState.LINK_UP || physical == PhysicalState.LINK_ERROR_RECOVERY) {
            if (state == PortState.INIT || state == PortState.ARMED) {
                return new Finding("PortState", state.code(), PortState.ACTIVE.code(), "state", "port " + state.name()
                        + " on a physically up link: no subnet manager has brought it to Active (none runs, or it "
                        + "does not reach or sweep this port)");
            }
            return null;
        }
        PortRef expected = sample.expectedPeer();
        if (expected == null) {
            return null; // not up, and nothing says a cable belongs here: an empty port
        }
        if (physical == PhysicalState.DISABLED) {
            return new Finding("PhysLinkState", physical.code(), PhysicalState.LINK_UP.code(), "state",
                    "port DISABLED, where a cable to " + expected + " has been linked: disabled by hand "
                            + "(ibportstate) or by the switch, or the cable history is out of date");
        }
        return new Finding("PhysLinkState", physical.code(), PhysicalState.LINK_UP.code(), "state",
                "port DOWN (physical " + physical.name() + "), where a cable to " + expected
                        + " has been linked: cable unplugged or broken, or the far end is down");
    }
}
