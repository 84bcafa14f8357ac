package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.fabric.PortLookup;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.CounterMap;
import io.fabricpulse.server.rates.PackedLongs;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * What the rules remember about one port between samples: the previous sample's counters and time (for
 * increments), what the port's latest sample says it can run at (for the rules of the port at its far end), the last
 * known far end (a port that went down no longer reports it), the far end its alerts were last keyed by, and the
 * increment windows rules asked for. No view: one kept per port until its next sample was most of what young
 * collections copied at 50,000 ports a second. A few hundred bytes for a clean port.
 * Not thread-safe: the engine touches one port's state from one thread at a time.
 */
public final class PortRuleState {

    private static final PortCounter[] COUNTERS = PortCounter.values();
    /**
     * The counters whose increments the rules read, by ordinal bit: the error counters and PortXmitWait. The data and
     * packet counters move on every busy port and no rule counts them: keeping their previous values was 64 bytes of
     * every port (their rates and windows are the live fabric's).
     */
    static final int COUNTED = countedBits();
    private static final long NONE = Long.MIN_VALUE;

    /**
     * The latest sample's {@link #COUNTED} counters by ordinal where {@code present} has their bit, and its collection
     * time, kept in place: a reference to each sample's (young) objects stored into this long-lived state was one more
     * card and object for every young collection; a counter at 0 takes no room, and a port whose counted counters are
     * all 0 (a clean, idle port) keeps no array.
     */
    private long[] counters = PackedLongs.none();
    private int present;
    /** The latest sample's collection time, {@link #NONE} before the first (no flag: it would take 8 bytes a port). */
    private long sampledAtMillis = NONE;
    private int capabilityBits;
    private PortRef lastPeer;
    private PortRef subjectPeer;
    /**
     * The windows rules asked for: null while there are none, the window itself while there is one (a port has one at
     * most, nearly always: an array for one was 24 bytes of every port whose XmitWait moves), an array of them beyond.
     * A map each was ~150 bytes of every port with one.
     */
    private Object windows;

    /**
     * Takes in the port's newest sample and returns what the rules look at.
     *
     * @param expectedPeer where the cable history says this port's cable goes, null when it knows none
     * @param far          the state of the port at the far end, null when none is known
     * @param fabric       where the far end's latest view is found when a rule needs all of it
     */
    public PortSample observe(PortView view, PortRef expectedPeer, PortRuleState far, PortLookup fabric) {
        boolean firstSight = sampledAtMillis == NONE;
        long[] increments = firstSight ? null : new long[COUNTERS.length];
        long millis = view.sampledAt().toEpochMilli();
        long sincePrevious = firstSight ? 0 : Math.max(0, millis - sampledAtMillis);
        // The live fabric's views hold a CounterMap (read by ordinal, unboxed); others (tests) are copied into one.
        CounterMap<Long> sample = CounterMap.ofLongs(view.counters());
        if (firstSight) {
            keepCounters(PackedLongs.reserve(counters, sample.nonZeroBits() & COUNTED));
        }
        int now = 0;
        for (PortCounter counter : COUNTERS) {
            int c = counter.ordinal();
            if ((COUNTED & 1 << c) == 0 || !sample.has(counter)) {
                continue;
            }
            long value = sample.longAt(counter);
            long previous = PackedLongs.get(counters, c);
            if (increments != null && (present & 1 << c) != 0 && Long.compareUnsigned(value, previous) >= 0) {
                increments[c] = value - previous;
            }
            keepCounters(PackedLongs.set(counters, c, value));
            now |= 1 << c;
        }
        present = now;
        sampledAtMillis = millis;
        capabilityBits = LinkCapabilities.allBits(view);
        PortRef formerSubject = subjectPeer;
        if (view.peerGuid() != null && view.peerPort() > 0 && (lastPeer == null
                || lastPeer.portNumber() != view.peerPort() || !lastPeer.nodeGuid().equals(view.peerGuid()))) {
            lastPeer = new PortRef(view.peerGuid(), view.peerPort()); // only when it changed: kept until the next
        }
        PortRef peer = lastPeer != null ? lastPeer : expectedPeer;
        if (subjectPeer != peer) {
            subjectPeer = peer;
        }
        return new PortSample(view, increments, sincePrevious, peer, far == null ? 0 : far.capabilityBits,
                fabric == null ? PortLookup.NONE : fabric, expectedPeer,
                !firstSight && !Objects.equals(formerSubject, peer) ? new PeerChange(formerSubject) : null, this);
    }

    /** Stores the packed counters only when they are another array: a reference store dirties a card. */
    private void keepCounters(long[] packed) {
        if (packed != counters) {
            counters = packed;
        }
    }

    private static int countedBits() {
        int bits = 0;
        for (PortCounter counter : COUNTERS) {
            if (counter.kind() == PortCounter.Kind.ERROR || counter.kind() == PortCounter.Kind.WAIT) {
                bits |= 1 << counter.ordinal();
            }
        }
        return bits;
    }

    /** The far end this port's alerts are keyed by, null while none is known. */
    public PortRef peer() {
        return subjectPeer;
    }

    /**
     * The far end changed (learnt for the first time, or recabled): alerts kept under the former
     * subject get no more evidence from this end under their key, so the engine clears them there.
     *
     * @param formerPeer the far end before, null when it was unknown
     */
    public record PeerChange(PortRef formerPeer) {
    }

    /**
     * The window called {@code name} over {@code span}, a {@link IncrementWindow#ratio ratio} window or a counting one;
     * a changed span starts a new one.
     */
    IncrementWindow window(String name, Duration span, boolean ratio, boolean create) {
        IncrementWindow window = find(name);
        if (window != null && window.span().equals(span)) {
            return window;
        }
        if (!create) {
            return null;
        }
        IncrementWindow made = ratio ? IncrementWindow.ratio(name, span) : new IncrementWindow(name, span);
        if (window != null) {
            drop(window);
        }
        if (windows == null) {
            windows = made;
        } else if (windows instanceof IncrementWindow lone) {
            windows = new IncrementWindow[] {lone, made};
        } else {
            IncrementWindow[] several = (IncrementWindow[]) windows;
            IncrementWindow[] more = Arrays.copyOf(several, several.length + 1);
            more[several.length] = made;
            windows = more;
        }
        return made;
    }

    /** Forgets {@code window} once nothing is left in it. */
    void dropIfEmpty(IncrementWindow window) {
        if (window.isEmpty()) {
            drop(window);
        }
    }

    private void drop(IncrementWindow window) {
        if (windows == window) {
            windows = null;
        } else if (windows instanceof IncrementWindow[] several) {
            IncrementWindow[] fewer = Arrays.stream(several).filter(kept -> kept != window).toArray(IncrementWindow[]::new);
            windows = fewer.length == 1 ? fewer[0] : fewer;
        }
    }

    private IncrementWindow find(String name) {
        if (windows instanceof IncrementWindow lone) {
            return lone.name().equals(name) ? lone : null;
        }
        if (windows instanceof IncrementWindow[] several) {
            for (IncrementWindow window : several) {
                if (window.name().equals(name)) {
                    return window;
                }
            }
        }
        return null;
    }

}
