package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.fabric.PortLookup;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;

/**
 * One port sample as the rules see it: the new view, the counters before, the far end, and the port's windows.
 *
 * @param view          the newest sample
 * @param increments    by counter ordinal, how much each error counter and PortXmitWait went up since the sample
 *                      before (0 after a clear, and for a counter one of the two did not carry); null on first sight
 * @param sincePrevious milliseconds since the sample before, 0 on first sight
 * @param peer          the far end of the cable: now, as last known, or as the cable history remembers it; null
 *                      when none is known (an empty port)
 * @param farBits       what the far end's latest sample says it can run at, as {@link LinkCapabilities#allBits};
 *                      0 when no agent reports it
 * @param fabric        where the far end's latest view is found ({@link #peerView()})
 * @param expectedPeer  the far end the cable history and the baseline say belongs at this port, null when they
 *                      know none: what makes a Down or Disabled port a lost cable rather than an empty port
 * @param peerChange    set when the far end differs from the one known before this sample, else null
 * @param state         the port's rule state, for windows
 */
public record PortSample(PortView view, long[] increments, long sincePrevious, PortRef peer, int farBits,
                         PortLookup fabric, PortRef expectedPeer, PortRuleState.PeerChange peerChange,
                         PortRuleState state) {

    /**
     * How much {@code counter}, an error counter or PortXmitWait, went up since the previous sample; 0 on first sight
     * and after a clear. The rules' state keeps no data or packet counter: asking for one is a rule's mistake.
     */
    public long increment(PortCounter counter) {
        if ((PortRuleState.COUNTED & 1 << counter.ordinal()) == 0) {
            throw new IllegalArgumentException("the rules count error counters and PortXmitWait, not " + counter);
        }
        return increments == null ? 0 : increments[counter.ordinal()];
    }

    /** The far end's latest view when an agent reports it, else null; looked up, so ask only when needed. */
    public PortView peerView() {
        return peer == null ? null : fabric.port(peer.nodeGuid(), peer.portNumber()).orElse(null);
    }

    /**
     * Adds this sample's increment of {@code counter} to the window {@code name} and returns the sum
     * over the last {@code span}. Costs nothing for a port that never incremented.
     */
    public long windowSum(String name, PortCounter counter, Duration span) {
        long increment = increment(counter);
        IncrementWindow window = state.window(name, span, false, increment > 0);
        if (window == null) {
            return 0;
        }
        long sum = window.add(view.sampledAt(), increment);
        state.dropIfEmpty(window);
        return sum;
    }

    public PortRef port() {
        return new PortRef(view.nodeGuid(), view.portNumber());
    }

    /**
     * Adds {@code part} of {@code whole} to the {@link IncrementWindow#ratio ratio window} {@code name} when it exists
     * or {@code create} says to make it, and returns it (its sums over the last {@code span}); null when there is none.
     */
    IncrementWindow ratioWindow(String name, long part, long whole, boolean create, Duration span) {
        IncrementWindow window = state.window(name, span, true, create);
        if (window == null) {
            return null;
        }
        window.add(view.sampledAt(), part, whole);
        state.dropIfEmpty(window);
        return window;
    }
}
