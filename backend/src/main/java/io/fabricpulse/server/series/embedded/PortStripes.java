package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The embedded store's locks per port, striped: everything done to one port (write, read, open, close)
 * runs under its stripe, so a port never has two writers, and different ports mostly proceed in parallel.
 */
final class PortStripes {

    private static final int STRIPES = 64;

    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
    /** A state page's working copy per stripe, made at its first use: each used only under its stripe's lock. */
    private final StatePageCopy[] pageCopies = new StatePageCopy[STRIPES];

    PortStripes() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    ReentrantLock of(PortSeriesKey port) {
        return stripes[stripe(port)];
    }

    /** The state page's working copy of the port's stripe: only for the holder of the stripe's lock. */
    StatePageCopy pageCopy(PortSeriesKey port) {
        int stripe = stripe(port);
        StatePageCopy copy = pageCopies[stripe];
        if (copy == null) {
            copy = new StatePageCopy();
            pageCopies[stripe] = copy;
        }
        return copy;
    }

    private static int stripe(PortSeriesKey port) {
        return Math.floorMod(port.hashCode(), STRIPES);
    }

    /** Takes every stripe: waits until nothing runs on any port, and keeps it so until {@link #unlockAll}. */
    void lockAll() {
        for (ReentrantLock stripe : stripes) {
            stripe.lock();
        }
    }

    void unlockAll() {
        for (ReentrantLock stripe : stripes) {
            stripe.unlock();
        }
    }
}
