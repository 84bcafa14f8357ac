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
import org.rrd4j.core.RrdBackendFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * The zero-setup store: one rrd4j round-robin file per port, of fixed size, under one directory.
 * Nothing is created until the first write, so a server that never stores a rate leaves no trace.
 *
 * <p>Replays: a file cannot rewrite its past, so a point that is not newer than its port's latest
 * is skipped and counted ({@link #skippedPoints()}); writing the same sample twice is harmless.
 */
public final class EmbeddedSeriesStore implements SeriesStore {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSeriesStore.class);

    private final EmbeddedSeriesProperties properties;
    private final RrdLayout layout;
    private final PortFiles files;
    private final LongAdder skipped = new LongAdder();
    private final FilePreparer preparer;

    public EmbeddedSeriesStore(EmbeddedSeriesProperties properties, Clock clock) {
        this.properties = Objects.requireNonNull(properties, "properties");
        this.layout = new RrdLayout(properties);
        RrdBackendFactory backend = switch (properties.fileAccess()) {
            case MAPPED -> new MappedFileBackendFactory();
            case FILE -> new RandomAccessFileBackendFactory();
        };
        this.files = new PortFiles(properties.directory(), new PortFileOpener(layout, backend, clock),
                properties.maxOpenFiles());
        this.preparer = new FilePreparer(files);
        log.info("embedded series store in {}: {} bytes per port, {} access, up to {} files open",
                properties.directory().toAbsolutePath().normalize(), layout.bytesPerPort(),
                properties.fileAccess().name().toLowerCase(), properties.maxOpenFiles());
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
                    ? CheckResult.ok(directory + " is writable; " + files.openCount() + " port files open")
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

    /** Bytes every port file takes on disk with this configuration. */
    public long bytesPerPort() {
        return layout.bytesPerPort();
    }

    @Override
    public void close() {
        preparer.close();
        files.close();
    }
}
