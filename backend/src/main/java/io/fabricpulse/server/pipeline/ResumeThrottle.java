package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.server.pipeline.resume.PortLastSample;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortLongs;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which ports' last samples a flush writes to the state store.
 *
 * <p>A port's stored last sample is read only when its rates resume somewhere else: after this server
 * restarts, or on another replica. Resumed from a baseline up to {@code interval} older than the newest
 * sample (up to twice that before a port's second write, below), the first rate covers a longer interval:
 * the true average over it, never a spike, and every later rate is exact again. So a port's row is
 * rewritten at most once per {@code interval} of its sample times, which on a single server (H2) cuts the
 * state store's work by the polling rate's multiple. Samples that carry an event are always written, so a
 * resumed server never detects the same event twice: a port's first sample, one without a rate (a counter
 * clear or reset), and a change in which counters are saturated or which of them are 64-bit.
 *
 * <p>A port's second write comes one interval and a share of another (by its identity) after its first,
 * every later one a whole interval after the one before: ports first seen together (a fabric at the
 * server's start) would otherwise all come due in the same flush every interval, and that flush's one
 * state-store write held every agent's answer (50,000 rows every 30 s at 50,000 ports polled every second:
 * 0.1-0.2 s a flush, ack p99 x3).
 *
 * <p>On a large fabric the wait is a whole multiple of the interval (up to 16), so that the rewrites stay within
 * {@link #REWRITES_PER_SECOND} however many ports the server tracks: 600,000 ports every 30 s were 20,000 MERGEs a
 * second on H2, for rows read only after a restart (its state thread, first writes included, was 15-18 % of the
 * server's CPU at 600,000 loadgen ports). At 5,000 a second the rewrites still took ~0.14 of a core in the steady
 * state (the state thread, H2's serialization and its background writer: ~28 us a row); at 2,000 a 600,000-port
 * fabric's rows are rewritten every 5 min, and fabrics up to 60,000 ports keep the 30 s. The wait of each write is
 * kept with it; a restarted server's first rates then average over up to the longer wait. The ports counted are
 * every port seen since the start (a gone one too).
 *
 * <p>A zero interval writes every sample: what several replicas need, since with a load balancer every
 * batch may resume on the other one. Used by the pipeline's one worker thread only.
 */
final class ResumeThrottle {

    private final Duration interval;
    /**
     * Per port, what the state store holds, in one long (0: nothing written): when the port is due again, and in the
     * top byte the written sample's width's code and whether it was the port's first write (the written sample's time
     * is the due time less the wait that followed it). A long in place of an object a port (36 bytes with its
     * reference): updated in place, no reference stored into long-lived state.
     */
    private final PortLongs written = new PortLongs(1);
    /** The saturated counters of the written samples that have any (few ports ever do); by port number. */
    private final Map<Integer, Set<String>> saturated = new HashMap<>();
    private final PortIndex index;

    /** The most rewrites a second the wait aims at (first writes and events are written whenever they come). */
    static final int REWRITES_PER_SECOND = 2_000;
    private static final int CODE_SHIFT = 56;
    private static final long TIME_MASK = (1L << CODE_SHIFT) - 1;
    /**
     * The code's bits: whether the write was the port's first (its wait was {@link #firstWait}), the wait's multiple
     * of the interval less one, the width's code.
     */
    private static final int FIRST = 0x40;
    private static final int STRETCH_SHIFT = 2;
    private static final int STRETCH_MASK = 0xF;
    private static final int WIDTH_MASK = 0x3;
    private static final CounterWidth[] WIDTHS = CounterWidth.values();

    private final int rewritesPerSecond;

    static {
        if (WIDTHS.length > WIDTH_MASK) {
            throw new IllegalStateException("a counter width's code must fit " + Integer.bitCount(WIDTH_MASK) + " bits");
        }
    }

    ResumeThrottle(Duration interval, PortIndex index) {
        this(interval, index, REWRITES_PER_SECOND);
    }

    ResumeThrottle(Duration interval, PortIndex index, int rewritesPerSecond) {
        this.interval = Objects.requireNonNull(interval, "interval");
        this.index = index;
        this.rewritesPerSecond = rewritesPerSecond;
        if (interval.isNegative()) {
            throw new IllegalArgumentException("the resume interval cannot be negative, got " + interval);
        }
    }

    /**
     * Whether a port's newest sample of a flush is written: due by time, or carrying an event.
     * {@code withoutRate} says the sample gave no rate (first sight, a clear or a reset).
     */
    boolean isDue(PortLastSample.PortId port, Instant at, CounterWidth width, Set<String> saturated, boolean withoutRate) {
        if (interval.isZero() || withoutRate) {
            return true;
        }
        int number = index.find(port.nodeGuid(), port.portNumber());
        long known = written.get(number, 0);
        return known == 0 || widthOf(known) != width || !saturatedOf(number).equals(saturated)
                || at.toEpochMilli() >= (known & TIME_MASK);
    }

    /** Remembers what the state store now holds; call only once the write is committed. */
    void stored(List<PortLastSample> samples) {
        if (interval.isZero()) {
            return;
        }
        for (PortLastSample sample : samples) {
            int number = index.of(sample.port().nodeGuid(), sample.port().portNumber());
            long known = written.get(number, 0);
            long at = sample.sample().at().toEpochMilli();
            if (known != 0 && at <= writtenAt(known, sample.port())) {
                continue;
            }
            boolean first = known == 0;
            int stretch = stretch();
            long wait = (first ? firstWait(sample.port()) : interval.toMillis()) * stretch;
            // Sample times are within the ingest's bounds around the server's clock: positive, far below 2^56 ms.
            long code = (sample.sample().width().ordinal() + 1) | (stretch - 1) << STRETCH_SHIFT | (first ? FIRST : 0);
            written.set(number, 0, code << CODE_SHIFT | (at + wait) & TIME_MASK);
            Set<String> latched = sample.sample().saturatedSince().keySet();
            if (!saturatedOf(number).equals(latched)) {
                if (latched.isEmpty()) {
                    saturated.remove(number);
                } else {
                    saturated.put(number, Set.copyOf(latched));
                }
            }
        }
    }

    /** The wait's multiple of the interval that keeps the rewrites of every tracked port within the budget. */
    private int stretch() {
        long perInterval = Math.max(1, rewritesPerSecond * interval.toMillis() / 1_000);
        return (int) Math.clamp((index.size() + perInterval - 1) / perInterval, 1, STRETCH_MASK + 1);
    }

    private static CounterWidth widthOf(long written) {
        return WIDTHS[(int) (written >>> CODE_SHIFT & WIDTH_MASK) - 1];
    }

    /** When the written sample was collected: its due time less the wait after it. */
    private long writtenAt(long written, PortLastSample.PortId port) {
        long code = written >>> CODE_SHIFT;
        long stretch = (code >>> STRETCH_SHIFT & STRETCH_MASK) + 1;
        boolean first = (code & FIRST) != 0;
        return (written & TIME_MASK) - (first ? firstWait(port) : interval.toMillis()) * stretch;
    }

    private Set<String> saturatedOf(int number) {
        return saturated.getOrDefault(number, Set.of());
    }

    /**
     * One interval and a share of another, by the port's identity: spread evenly over many ports, and never sooner
     * than a whole interval (a second write sooner would cost every port one more row while the server starts).
     */
    private long firstWait(PortLastSample.PortId port) {
        int share = Math.floorMod(port.hashCode() * 0x9E3779B9, 64);
        return interval.toMillis() + interval.toMillis() * share / 64;
    }
}
