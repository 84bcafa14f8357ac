package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.BucketGrid;
import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.Consolidator;
import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Layout;
import org.rrd4j.core.RrdBackendFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * The zero-setup store: rrd4j round-robin series of fixed size per port under one directory, kept in
 * slots of groups of ports ({@link PortSlots}, the default) or one file per port ({@link PortFiles}).
 * Nothing is created until the first write, so a server that never stores a rate leaves no trace.
 *
 * <p>Replays: a file cannot rewrite its past, so a point that is not newer than its port's latest
 * is skipped and counted ({@link #skippedPoints()}); writing the same sample twice is harmless.
 */
public final class EmbeddedSeriesStore implements SeriesStore {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSeriesStore.class);

    private final EmbeddedSeriesProperties properties;
    private final RrdLayout layout;
    private final PortStorage files;
    private final LongAdder skipped = new LongAdder();
    private final FilePreparer preparer;
    private final long bytesPerPort;

    public EmbeddedSeriesStore(EmbeddedSeriesProperties properties, Clock clock) {
        this.properties = Objects.requireNonNull(properties, "properties");
        this.layout = new RrdLayout(properties);
        Path directory = properties.directory();
        Layout kept = StoreFormat.of(directory).orElse(properties.layout());
        if (kept != properties.layout()) {
            log.warn("{} holds its ports as {}; it keeps that layout (the configured {} applies to a new directory)",
                    directory.toAbsolutePath().normalize(), name(kept), name(properties.layout()));
        }
        this.bytesPerPort = kept == Layout.SLOTS ? layout.bytesPerSlot() : layout.bytesPerPort();
        StoreFormat format = new StoreFormat(directory, kept);
        this.files = switch (kept) {
            case SLOTS -> new PortSlots(directory, format, layout, clock);
            case FILES -> new PortFiles(directory, format, new PortFileOpener(layout, fileBackend(properties), clock),
                    properties.maxOpenFiles());
        };
        this.preparer = new FilePreparer(files);
        log.info("embedded series store in {}: {}, {} bytes per port{}",
                directory.toAbsolutePath().normalize(), name(kept), bytesPerPort, kept == Layout.FILES
                        ? ", " + name(properties.fileAccess()) + " access, up to " + properties.maxOpenFiles()
                        + " files open" : "");
    }

    private static RrdBackendFactory fileBackend(EmbeddedSeriesProperties properties) {
        return switch (properties.fileAccess()) {
            case MAPPED -> new MappedFileBackendFactory();
            case FILE -> new RandomAccessFileBackendFactory();
        };
    }

    private static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public void write(List<PortRateSample> batch) {
        Objects.requireNonNull(batch, "batch");
        for (PortRateSample sample : batch) {
            Objects.requireNonNull(sample, "a batch holds no null samples");
            if (sample.rates().isEmpty()) {
                continue;
            }
            boolean stored = files.write(sample.port(), sample.at().getEpochSecond(), file -> file.update(sample));
            if (!stored) {
                skipped.increment();
            }
        }
    }

    /**
     * Creates the files of ports seen for the first time on a background thread: a new file costs far
     * more than an update, and a port's first point comes one sample interval after its first sight.
     */
    @Override
    public void expect(Collection<ExpectedPort> ports) {
        preparer.prepare(ports);
    }

    @Override
    public List<RatePoint> rates(RateQuery query) {
        BucketGrid grid = new BucketGrid(query);
        files.read(query.port(), file -> {
            file.rows(query.series(), query.consolidation(), query.from().getEpochSecond(),
                    query.to().getEpochSecond(), grid::add);
            return grid;
        });
        return grid.points();
    }

    @Override
    public List<PortRate> worst(WorstQuery query) {
        long from = query.from().getEpochSecond();
        long to = query.to().getEpochSecond();
        // A heap of the best `limit` so far, weakest on top: one pass, memory bounded by the limit.
        PriorityQueue<PortRate> best = new PriorityQueue<>(query.limit() + 1, PortRate.WORST_FIRST.reversed());
        for (PortSeriesKey port : files.ports()) {
            double value;
            try {
                value = files.read(port, file -> {
                    Consolidator window = new Consolidator(query.consolidation());
                    file.rows(query.series(), query.consolidation(), from, to,
                            (start, length, rowValue) -> window.add(rowValue));
                    return window.value();
                }).orElse(Double.NaN);
            } catch (SeriesStoreException e) {
                log.warn("worst ports: skipping {}: {}", port, e.getMessage());
                continue;
            }
            if (!Double.isNaN(value)) {
                best.add(new PortRate(port, value));
                if (best.size() > query.limit()) {
                    best.poll();
                }
            }
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
                    ? CheckResult.ok(directory + " is writable; " + files.status())
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
        return bytesPerPort;
    }

    @Override
    public void close() {
        preparer.close();
        files.close();
    }
}
