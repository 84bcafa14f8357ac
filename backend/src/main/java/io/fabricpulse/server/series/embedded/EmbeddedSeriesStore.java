package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.BucketGrid;
import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.Consolidator;
import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.WorstQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * The zero-setup store: round-robin series of fixed size per port, in slots of groups of ports under one
 * directory ({@link PortSlots}; the format is docs/STORAGE.md's). Nothing is created until the first write,
 * so a server that never stores a rate leaves no trace.
 *
 * <p>Replays: a round-robin series cannot rewrite its past, so a point that is not newer than its port's
 * latest is skipped and counted ({@link #skippedPoints()}); writing the same sample twice is harmless.
 */
public final class EmbeddedSeriesStore implements SeriesStore {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSeriesStore.class);

    private final EmbeddedSeriesProperties properties;
    private final PortSlots slots;
    private final LongAdder skipped = new LongAdder();
    private final SlotPreparer preparer;

    /** A store of its own ports' numbers (tools and tests). */
    public EmbeddedSeriesStore(EmbeddedSeriesProperties properties) {
        this(properties, new PortIndex());
    }

    /** @param index the ports' numbers, which the slots are found by (the server's shared index) */
    public EmbeddedSeriesStore(EmbeddedSeriesProperties properties, PortIndex index) {
        this(properties, PortSlots.PORTS_PER_GROUP, index);
    }

    /** With another group size for a new directory: tests cross group boundaries with a few ports. */
    EmbeddedSeriesStore(EmbeddedSeriesProperties properties, int portsPerGroup) {
        this(properties, portsPerGroup, new PortIndex());
    }

    private EmbeddedSeriesStore(EmbeddedSeriesProperties properties, int portsPerGroup, PortIndex index) {
        this.properties = Objects.requireNonNull(properties, "properties");
        this.slots = new PortSlots(properties.directory(), SlotLayout.of(properties, portsPerGroup), index);
        this.preparer = new SlotPreparer(slots);
        log.info("embedded series store in {}: {} bytes per port, {}",
                properties.directory().toAbsolutePath().normalize(), bytesPerPort(), slots.status());
    }

    @Override
    public void write(List<PortRateSample> batch) {
        Objects.requireNonNull(batch, "batch");
        for (PortRateSample sample : batch) {
            Objects.requireNonNull(sample, "a batch holds no null samples");
            if (!sample.rates().isEmpty() && !slots.write(sample)) {
                skipped.increment();
            }
        }
    }

    /**
     * Gives slots to ports seen for the first time on a background thread: their first point comes one sample
     * interval after their first sight.
     */
    @Override
    public void expect(Collection<ExpectedPort> ports) {
        preparer.prepare(ports);
    }

    @Override
    public List<RatePoint> rates(RateQuery query) {
        BucketGrid grid = new BucketGrid(query);
        int ds = slots.layout().datasourceOf(query.series());
        if (ds >= 0) {
            slots.read(query.port(), slot -> {
                slot.rows(ds, query.consolidation(), query.from().getEpochSecond(), query.to().getEpochSecond(),
                        grid::add);
                return grid;
            });
        }
        return grid.points();
    }

    /** A scan of every port's rows over the window, in slot order: the groups' files front to back. */
    @Override
    public List<PortRate> worst(WorstQuery query) {
        long from = query.from().getEpochSecond();
        long to = query.to().getEpochSecond();
        int ds = slots.layout().datasourceOf(query.series());
        // A heap of the best `limit` so far, weakest on top: one pass, memory bounded by the limit.
        PriorityQueue<PortRate> best = new PriorityQueue<>(query.limit() + 1, PortRate.WORST_FIRST.reversed());
        if (ds >= 0) {
            slots.forEach((port, slot) -> {
                Consolidator window = new Consolidator(query.consolidation());
                slot.rows(ds, query.consolidation(), from, to, (start, length, value) -> window.add(value));
                if (!Double.isNaN(window.value())) {
                    best.add(new PortRate(port, window.value()));
                    if (best.size() > query.limit()) {
                        best.poll();
                    }
                }
            });
        }
        List<PortRate> ranked = new ArrayList<>(best);
        ranked.sort(PortRate.WORST_FIRST);
        return ranked;
    }

    @Override
    public CheckResult check() {
        Path directory = properties.directory().toAbsolutePath().normalize();
        if (Files.isDirectory(directory)) {
            return Files.isWritable(directory)
                    ? CheckResult.ok(directory + " is writable; " + slots.status())
                    : CheckResult.failed(directory + " is not writable");
        }
        if (Files.exists(directory)) {
            return CheckResult.failed(directory + " is not a directory");
        }
        // Created on the first write: healthy when the nearest existing ancestor lets us create it.
        Path ancestor = directory.getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor != null && Files.isDirectory(ancestor) && Files.isWritable(ancestor)) {
            return CheckResult.ok(directory + " will be created on the first write");
        }
        return CheckResult.failed(directory + " does not exist and cannot be created"
                + (ancestor == null ? "" : " (" + ancestor + " is not a writable directory)"));
    }

    /** Points skipped because they were not newer than their port's latest: replays and sub-second duplicates. */
    public long skippedPoints() {
        return skipped.sum();
    }

    /** Bytes every port takes on disk (its length, filled as rows are written) in the directory's layout. */
    public long bytesPerPort() {
        return slots.layout().bytesPerSlot();
    }

    @Override
    public void close() {
        preparer.close();
        slots.close();
    }
}
