package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortTable;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The ports of the embedded store, each in a {@link Slot} of a group of {@value #PORTS_PER_GROUP}: per group
 * a state file with a page per port and one file per archive with the rows of all its ports, time-aligned
 * ({@link SlotGroup}, {@link SlotLayout}). A group's files are mapped once for the store's life, so a port
 * costs no file descriptor, no mapping and no page of its own beyond its state page. The slot index
 * ({@link SlotIndex}) says which port each slot holds. Nothing is created before the first port is stored.
 *
 * <p>Locking: everything done to a port runs under its stripe lock; giving out a slot (and creating the
 * store's files on the first one) also takes the allocation lock, never the other way round. Ports share
 * pages but never bytes, so different ports are updated in parallel.
 */
final class PortSlots implements AutoCloseable {

    static final int PORTS_PER_GROUP = 4096;
    /**
     * How many new slots' state pages are made present at once, ahead of their ports (1 MB at the default layout):
     * a fabric's ports are first seen together, so the pages are written within seconds.
     */
    static final int POPULATE_AHEAD = 256;
    private static final Logger log = LoggerFactory.getLogger(PortSlots.class);

    private final Path directory;
    private final SlotLayout configured;
    private final MappingAdvice advice = MappingAdvice.load();
    private final PortStripes stripes = new PortStripes();
    private final Object allocation = new Object();
    private final PortIndex index;
    private final PortTable<Slot> slots = new PortTable<>();
    /** Null until the store's files exist. */
    private volatile Opened opened;
    private volatile boolean closed;

    /**
     * Opens the store in {@code directory}, upgrading it if it is of an older format; a new directory will
     * get {@code configured}'s layout with its first port, an existing one keeps its own.
     */
    PortSlots(Path directory, SlotLayout configured, PortIndex index) {
        this.directory = directory;
        this.index = index;
        this.configured = configured;
        Optional<SlotLayout> kept = StoreFormat.read(directory, configured.portsPerGroup());
        if (kept.isPresent()) {
            synchronized (allocation) {
                opened = open(kept.get());
            }
        }
    }

    /**
     * Stores the sample's rates in its port's slot, giving the port a slot first if it has none. Returns false,
     * storing nothing, when the sample is not newer than the port's latest ({@link Slot#update}).
     */
    boolean write(PortRateSample sample) {
        return onPort(sample.port(), sample.at().getEpochSecond(),
                slot -> slot.update(sample, stripes.pageCopy(sample.port())));
    }

    /** Gives the port a slot if it has none, so that its first write finds it; its first update will follow {@code start}. */
    void prepare(PortSeriesKey port, long start) {
        onPort(port, start, slot -> null);
    }

    private <T> T onPort(PortSeriesKey port, long startIfNew, Function<Slot, T> action) {
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            requireOpen(); // under the stripe: close() may have run while this waited for it
            return onSlot(port, startIfNew, action);
        } finally {
            stripe.unlock();
        }
    }

    /** Holds the port's stripe. */
    private <T> T onSlot(PortSeriesKey port, long startIfNew, Function<Slot, T> action) {
        try {
            Slot slot = slots.get(number(port));
            if (slot == null) {
                slot = create(port, startIfNew);
            } else if (slot.lastUpdate() == 0) {
                // A state page found zero (a state file cut short and grown back): the rows it has stay.
                slot.start(startIfNew);
                log.warn("series slot of {} in {} had no state; started it afresh at {}", port, directory, startIfNew);
            }
            return action.apply(slot);
        } catch (IOException | RuntimeException e) {
            throw new SeriesStoreException("series slot of " + port + " in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Runs {@code action} on the port's slot if the port has one. */
    <T> Optional<T> read(PortSeriesKey port, Function<Slot, T> action) {
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            requireOpen();
            Slot slot = slots.get(number(port));
            return slot == null ? Optional.empty() : Optional.of(action.apply(slot));
        } finally {
            stripe.unlock();
        }
    }

    /**
     * Runs {@code action} on every port's slot in slot order, so that a scan of all ports reads each group's
     * files front to back; each port under its lock.
     */
    void forEach(BiConsumer<PortSeriesKey, Slot> action) {
        requireOpen();
        Opened files = opened;
        if (files == null) {
            return;
        }
        int count = files.count;
        for (int number = 0; number < count; number++) {
            PortSeriesKey port = files.holders[number];
            if (port == null) {
                continue;
            }
            ReentrantLock stripe = stripes.of(port);
            stripe.lock();
            try {
                requireOpen();
                action.accept(port, slots.get(number(port)));
            } finally {
                stripe.unlock();
            }
        }
    }

    /** Every stored port, in slot order. */
    List<PortSeriesKey> ports() {
        Opened files = opened;
        return files == null ? List.of()
                : Arrays.stream(files.holders, 0, files.count).filter(Objects::nonNull).toList();
    }

    /** The layout ports are kept in: the directory's, or the configured one while there is none. */
    SlotLayout layout() {
        Opened files = opened;
        return files == null ? configured : files.layout;
    }

    /** A line for the health endpoint. */
    String status() {
        Opened files = opened;
        return files == null ? "no ports yet"
                : files.count + " slots in " + files.groups.length + " groups of " + files.layout.portsPerGroup();
    }

    /** A new slot for {@code port}: its state made for {@code start}, then the index records it. */
    private Slot create(PortSeriesKey port, long start) throws IOException {
        synchronized (allocation) {
            requireOpen(); // never open the files again after close()
            if (opened == null) {
                StoreFormat.write(directory, configured);
                opened = open(configured);
            }
            Opened files = opened;
            int number = files.count;
            Slot slot = files.slot(number);
            files.populateFrom(number);
            if (slot.lastUpdate() != 0) {
                // A slot whose index record was lost (an append cut short): its rows are another port's.
                slot.clearRows();
                log.warn("series slot {} in {} held an earlier port whose index record was lost; cleared it for {}",
                        number, directory, port);
            }
            slot.start(start);
            files.index.append(port);
            files.publish(number, port);
            slots.set(index.of(port.nodeGuid(), port.portNumber()), slot);
            return slot;
        }
    }

    /** Opens the index and the groups it reaches into. Holds the allocation lock. */
    private Opened open(SlotLayout layout) {
        Opened files = null;
        try {
            files = new Opened(layout, SlotIndex.open(directory));
            List<PortSeriesKey> holders = files.index.takeHolders();
            for (int number = 0; number < holders.size(); number++) {
                PortSeriesKey port = holders.get(number);
                Slot slot = files.slot(number);
                if (port != null) {
                    Slot previous = slots.computeIfAbsent(index.of(port.nodeGuid(), port.portNumber()), n -> slot);
                    if (previous != slot) {
                        log.error("{} names {} for two slots: the port keeps its first, slot {} stays unused",
                                files.index.path(), port, number);
                        port = null;
                    }
                }
                files.publish(number, port);
            }
            warnIfNotConfigured(layout);
            return files;
        } catch (IOException | RuntimeException e) {
            slots.clear();
            if (files != null) {
                files.close();
            }
            throw new SeriesStoreException("cannot open the series slots in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** The port's number in the index, {@link PortIndex#NONE} when it has none (so no slot). */
    private int number(PortSeriesKey port) {
        return index.find(port.nodeGuid(), port.portNumber());
    }

    private void warnIfNotConfigured(SlotLayout layout) {
        if (!layout.shape().equals(configured.shape())) {
            log.warn("series slots in {} keep the layout they were created with ({}); the configured one ({})"
                    + " applies to a new directory", directory, layout.shape(), configured.shape());
        }
        List<String> missing = RateSeries.all().stream().filter(series -> layout.datasourceOf(series) < 0)
                .map(RateSeries::name).toList();
        if (!missing.isEmpty()) {
            log.warn("series slots in {} predate some series; those are not stored here: {}", directory, missing);
        }
    }

    /** What the store has open once its files exist. */
    private final class Opened {

        final SlotLayout layout;
        final SlotIndex index;
        volatile SlotGroup[] groups = new SlotGroup[0];
        /** The port of each slot given out, null for a slot lost to damage; slot n exists when n < count. */
        volatile PortSeriesKey[] holders = new PortSeriesKey[1024];
        volatile int count;
        /** The slots below this one have their state pages present and writable ({@link #populateFrom}). */
        private int populatedTo;

        Opened(SlotLayout layout, SlotIndex index) {
            this.layout = layout;
            this.index = index;
        }

        /** Slot {@code number}, mapping its group first if need be. Holds the allocation lock. */
        Slot slot(int number) throws IOException {
            int group = number / layout.portsPerGroup();
            if (group >= groups.length) {
                SlotGroup[] grown = Arrays.copyOf(groups, group + 1);
                for (int g = groups.length; g <= group; g++) {
                    grown[g] = SlotGroup.open(directory, g, layout, advice);
                }
                groups = grown;
            }
            return new Slot(groups[group], number % layout.portsPerGroup());
        }

        /**
         * Makes the state pages of slot {@code number} and of the slots after it, up to the next multiple of
         * {@value PortSlots#POPULATE_AHEAD} within its group, present and writable, unless this process did already:
         * one call for a run of new slots' pages instead of two page faults for each
         * ({@link MappingAdvice#populateForWrite}). A page that holds state keeps it. Holds the allocation lock; the
         * group is mapped.
         */
        void populateFrom(int number) {
            if (number < populatedTo) {
                return;
            }
            int perGroup = layout.portsPerGroup();
            int end = Math.min((number / POPULATE_AHEAD + 1) * POPULATE_AHEAD, (number / perGroup + 1) * perGroup);
            advice.populateForWrite(groups[number / perGroup].state().asSlice(
                    (long) (number % perGroup) * layout.stateBytes(), (long) (end - number) * layout.stateBytes()));
            populatedTo = end;
        }

        /** Counts slot {@code number} (the next) as given out to {@code port}. Holds the allocation lock. */
        void publish(int number, PortSeriesKey port) {
            if (number == holders.length) {
                holders = Arrays.copyOf(holders, 2 * number);
            }
            holders[number] = port;
            count = number + 1;
        }

        void close() {
            for (SlotGroup group : groups) {
                group.close();
            }
            try {
                index.close();
            } catch (IOException e) {
                log.warn("closing {} failed: {}", index.path(), e.toString());
            }
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the embedded series store is closed");
        }
    }

    @Override
    public void close() {
        closed = true;
        stripes.lockAll();
        try {
            synchronized (allocation) {
                Opened files = opened;
                opened = null;
                if (files != null) {
                    files.close();
                }
            }
        } finally {
            stripes.unlockAll();
        }
    }
}
