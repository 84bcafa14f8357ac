package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.SeriesStoreException;
import org.rrd4j.core.DsDef;
import org.rrd4j.core.RrdBackendFactory;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.RrdDef;
import org.rrd4j.core.RrdException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The port files under one directory ({@code <guid digits>/<port>.rrd}), with at most
 * {@code capacity} of them open at once, least recently used closed first.
 *
 * <p>Locking: every operation on a port runs under that port's stripe lock, and so do opening and
 * closing its file, so one file never has two open handles. The LRU map has its own monitor, held
 * only for map operations and never while waiting for a stripe; eviction takes the evicted port's
 * stripe after releasing the caller's, so no two locks are ever awaited in opposite orders.
 */
final class PortFiles implements AutoCloseable {

    /** What to do with an open file; runs under the port's lock. */
    interface Action<T> {
        T apply(PortFile file) throws IOException;
    }

    private static final Logger log = LoggerFactory.getLogger(PortFiles.class);
    private static final Pattern NODE_DIRECTORY = Pattern.compile("[0-9a-f]{16}");
    private static final Pattern PORT_FILE = Pattern.compile("(\\d{1,3})\\.rrd");
    private static final int STRIPES = 64;

    private final Path directory;
    private final RrdLayout layout;
    private final RrdBackendFactory backend;
    private final int capacity;
    private final Clock clock;
    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
    private final LinkedHashMap<PortSeriesKey, PortFile> open = new LinkedHashMap<>(256, 0.75f, true);
    private volatile boolean closed;

    PortFiles(Path directory, RrdLayout layout, RrdBackendFactory backend, int capacity, Clock clock) {
        this.directory = directory;
        this.clock = clock;
        this.layout = layout;
        this.backend = backend;
        this.capacity = capacity;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    Path directory() {
        return directory;
    }

    Path pathOf(PortSeriesKey port) {
        return directory.resolve(port.guidDigits()).resolve(port.portNumber() + ".rrd");
    }

    /**
     * Runs {@code action} on the port's file, opening it (and keeping it open) or creating it with
     * its first update one step after {@code startIfNew}.
     */
    <T> T write(PortSeriesKey port, long startIfNew, Action<T> action) {
        requireOpen();
        T result;
        ReentrantLock stripe = stripeOf(port);
        stripe.lock();
        try {
            PortFile file = cached(port);
            if (file == null) {
                file = openForWriting(port, startIfNew);
                synchronized (open) {
                    open.put(port, file);
                }
            }
            result = action.apply(file);
        } catch (IOException | RuntimeException e) {
            throw new SeriesStoreException("series file " + pathOf(port) + ": " + e.getMessage(), e);
        } finally {
            stripe.unlock();
        }
        evictBeyondCapacity();
        return result;
    }

    /**
     * Runs {@code action} on the port's file if it exists: the open handle when there is one,
     * otherwise a read-only handle closed right after, so a scan over every port does not push the
     * files being written out of the cache.
     */
    <T> Optional<T> read(PortSeriesKey port, Action<T> action) {
        requireOpen();
        ReentrantLock stripe = stripeOf(port);
        stripe.lock();
        try {
            PortFile file = cached(port);
            if (file != null) {
                return Optional.of(action.apply(file));
            }
            Path path = pathOf(port);
            if (!Files.exists(path)) {
                return Optional.empty();
            }
            try (PortFile transientFile = new PortFile(open(path, true))) {
                return Optional.of(action.apply(transientFile));
            }
        } catch (IOException | RuntimeException e) {
            throw new SeriesStoreException("series file " + pathOf(port) + " cannot be read: " + e.getMessage(), e);
        } finally {
            stripe.unlock();
        }
    }

    /** Every port with a file, in no particular order. */
    List<PortSeriesKey> ports() {
        List<PortSeriesKey> ports = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return ports;
        }
        try (Stream<Path> nodes = Files.list(directory)) {
            for (Path node : (Iterable<Path>) nodes::iterator) {
                String guid = node.getFileName().toString();
                if (!NODE_DIRECTORY.matcher(guid).matches() || !Files.isDirectory(node)) {
                    continue;
                }
                try (Stream<Path> files = Files.list(node)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        Matcher port = PORT_FILE.matcher(file.getFileName().toString());
                        if (port.matches() && Integer.parseInt(port.group(1)) <= PortSeriesKey.MAX_PORT) {
                            ports.add(new PortSeriesKey("0x" + guid, Integer.parseInt(port.group(1))));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new SeriesStoreException("cannot list series files under " + directory + ": " + e.getMessage(), e);
        }
        return ports;
    }

    private PortFile cached(PortSeriesKey port) {
        synchronized (open) {
            return open.get(port);
        }
    }

    int openCount() {
        synchronized (open) {
            return open.size();
        }
    }

    private PortFile openForWriting(PortSeriesKey port, long startIfNew) throws IOException {
        Path path = pathOf(port);
        if (!Files.exists(path)) {
            Files.createDirectories(path.getParent());
            return new PortFile(create(layout.definition(path, startIfNew)));
        }
        PortFile file;
        try {
            file = new PortFile(open(path, false));
            requireWhole(file, path);
        } catch (RrdException | RuntimeException e) {
            // rrd4j read the file and found it is not an rrd file of its kind; an I/O failure of the
            // operating system (permissions, no space) is not that and propagates instead.
            return new PortFile(create(layout.definition(quarantine(path, e), startIfNew)));
        }
        return file.lacksSeries() ? addMissingSeries(file, path) : file;
    }

    /**
     * A file cut short (a full disk, a copy interrupted) opens fine, because its header is intact,
     * and then fails on every update that reaches the missing rows. Its size says so up front.
     */
    private static void requireWhole(PortFile file, Path path) throws IOException {
        long expected = file.db().getRrdDef().getEstimatedSize();
        long actual = Files.size(path);
        if (actual != expected) {
            file.close();
            throw new RrdException("file is " + actual + " bytes, its own definition needs " + expected);
        }
    }

    /**
     * A file that rrd4j cannot open would block the port's history forever; it is moved aside (kept
     * for inspection, never deleted) and the port starts afresh. Returns the path to create anew.
     */
    private Path quarantine(Path path, Exception cause) throws IOException {
        Path aside = path.resolveSibling(path.getFileName() + ".unreadable-" + clock.millis());
        Files.move(path, aside);
        log.error("series file {} cannot be opened ({}); moved it to {} and started the port afresh",
                path, cause.toString(), aside);
        return path;
    }

    /**
     * A series added since the file was created (a new counter in a later release): copy the file
     * into one with the same step and archives plus the missing datasources, then swap it in
     * atomically. Archive changes in the configuration are not applied here: they would resize
     * files, and a file's size is fixed at creation.
     */
    private PortFile addMissingSeries(PortFile file, Path path) throws IOException {
        Path migrated = path.resolveSibling(path.getFileName() + ".migrating");
        try (PortFile old = file) {
            RrdDef current = old.db().getRrdDef();
            RrdDef wanted = new RrdDef(migrated.toString(), current.getStartTime(), current.getStep());
            wanted.addDatasource(current.getDsDefs());
            RrdDef layoutDef = layout.definition(path, current.getStartTime());
            for (DsDef ds : layoutDef.getDsDefs()) {
                if (!old.db().containsDs(ds.getDsName())) {
                    wanted.addDatasource(ds);
                }
            }
            wanted.addArchive(current.getArcDefs());
            Files.deleteIfExists(migrated);
            try (RrdDb target = create(wanted)) {
                old.db().copyStateTo(target);
            }
        }
        Files.move(migrated, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        log.info("series file {} gained the series added since it was created", path);
        return new PortFile(open(path, false));
    }

    private RrdDb create(RrdDef def) throws IOException {
        return RrdDb.getBuilder().setRrdDef(def).setBackendFactory(backend).build();
    }

    private RrdDb open(Path path, boolean readOnly) throws IOException {
        return RrdDb.getBuilder().setPath(path.toString()).setReadOnly(readOnly).setBackendFactory(backend).build();
    }

    private void evictBeyondCapacity() {
        while (true) {
            PortSeriesKey eldest;
            synchronized (open) {
                if (open.size() <= capacity) {
                    return;
                }
                eldest = open.keySet().iterator().next();
            }
            forget(eldest);
        }
    }

    /** Closes the port's file and drops it from the cache, under the port's lock. */
    private void forget(PortSeriesKey port) {
        ReentrantLock stripe = stripeOf(port);
        stripe.lock();
        try {
            PortFile file;
            synchronized (open) {
                file = open.remove(port);
            }
            closeQuietly(port, file);
        } finally {
            stripe.unlock();
        }
    }

    private ReentrantLock stripeOf(PortSeriesKey port) {
        return stripes[Math.floorMod(port.hashCode(), STRIPES)];
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the embedded series store is closed");
        }
    }

    private void closeQuietly(PortSeriesKey port, PortFile file) {
        if (file == null) {
            return;
        }
        try {
            file.close();
        } catch (IOException | RuntimeException e) {
            log.warn("closing series file {} failed: {}", pathOf(port), e.toString());
        }
    }

    @Override
    public void close() {
        closed = true;
        List<PortSeriesKey> ports;
        synchronized (open) {
            ports = new ArrayList<>(open.keySet());
        }
        ports.forEach(this::forget);
    }
}
