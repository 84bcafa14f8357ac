package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;

/**
 * One port sample as the rules see it: the new view, the one before, and the port's windows.
 *
 * @param view       the newest sample
 * @param previous   the sample before, null on first sight
 * @param peer       the far end of the cable, now or as last known; null when never known
 * @param wasActive  whether the port had been Active before this sample
 * @param peerChange set when the far end differs from the one known before this sample, else null
 * @param state      the port's rule state, for windows
 */
public record PortSample(PortView view, PortView previous, PortRef peer, boolean wasActive,
                         PortRuleState.PeerChange peerChange, PortRuleState state) {

    /** How much {@code counter} went up since the previous sample; 0 on first sight and after a clear. */
    public long increment(PortCounter counter) {
        return PortRuleState.increment(previous, view, counter);
    }

    /**
     * Adds this sample's increment of {@code counter} to the window {@code name} and returns the sum
     * over the last {@code span}. Costs nothing for a port that never incremented.
     */
    public long windowSum(String name, PortCounter counter, Duration span) {
        long increment = increment(counter);
        IncrementWindow window = state.window(name, span, increment > 0);
        if (window == null) {
            return 0;
        }
        long sum = window.add(view.sampledAt(), increment);
        state.dropIfEmpty(name, window);
        return sum;
    }

    public PortRef port() {
        return new PortRef(view.nodeGuid(), view.portNumber());
    }
}
