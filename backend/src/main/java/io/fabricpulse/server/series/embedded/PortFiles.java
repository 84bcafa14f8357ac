package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.SeriesStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
final class PortFiles implements PortStorage {

    private static final Logger log = LoggerFactory.getLogger(PortFiles.class);
    /** A node's directory: its GUID's 16 hex digits. */
    static final Pattern NODE_DIRECTORY = Pattern.compile("[0-9a-f]{16}");
    private static final Pattern PORT_FILE = Pattern.compile("(\\d{1,3})\\.rrd");

    private final Path directory;
    private final StoreFormat format;
    private final PortFileOpener opener;
    private final int capacity;
    private final PortStripes stripes = new PortStripes();
    private final LinkedHashMap<PortSeriesKey, PortWriter> open = new LinkedHashMap<>(256, 0.75f, true);
    private volatile boolean closed;

    PortFiles(Path directory, StoreFormat format, PortFileOpener opener, int capacity) {
        this.directory = directory;
        this.format = format;
        this.opener = opener;
        this.capacity = capacity;
    }

    Path pathOf(PortSeriesKey port) {
        return directory.resolve(port.guidDigits()).resolve(port.portNumber() + ".rrd");
    }

    /**
     * Runs {@code action} on the port's file, opening it (and keeping it open) or creating it with
     * its first update one step after {@code startIfNew}.
     */
    @Override
    public <T> T write(PortSeriesKey port, long startIfNew, WriteAction<T> action) {
        requireOpen();
        T result;
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            PortWriter file = cached(port);
            if (file == null) {
                format.markBeforeFirstFile();
                file = opener.openForWriting(pathOf(port), startIfNew);
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
     * Opens the port's file, creating it when missing (first update one step after {@code startIfNew}),
     * so that its first write finds it open. Does nothing when it is open already.
     */
    @Override
    public void prepare(PortSeriesKey port, long startIfNew) {
        write(port, startIfNew, file -> null);
    }

    /**
     * Runs {@code action} on the port's file if it exists: the open handle when rrd4j has it open for
     * writing, otherwise a read-only handle closed right after (it sees every update made so far: they
     * are in the same page cache, and the port's lock keeps updates out while it reads), so a scan
     * over every port does not push the files being written out of the cache.
     */
    @Override
    public <T> Optional<T> read(PortSeriesKey port, Action<T> action) {
        requireOpen();
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            if (cached(port) instanceof PortFile file) {
                return Optional.of(action.apply(file));
            }
            Path path = pathOf(port);
            if (!Files.exists(path)) {
                return Optional.empty();
            }
            try (PortFile transientFile = opener.openForReading(path)) {
                return Optional.of(action.apply(transientFile));
            }
        } catch (IOException | RuntimeException e) {
            throw new SeriesStoreException("series file " + pathOf(port) + " cannot be read: " + e.getMessage(), e);
        } finally {
            stripe.unlock();
        }
    }

    /** Every port with a file, in no particular order. */
    @Override
    public List<PortSeriesKey> ports() {
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

    private PortWriter cached(PortSeriesKey port) {
        synchronized (open) {
            return open.get(port);
        }
    }

    @Override
    public String status() {
        return openCount() + " port files open";
    }

    int openCount() {
        synchronized (open) {
            return open.size();
        }
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
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            PortWriter file;
            synchronized (open) {
                file = open.remove(port);
            }
            closeQuietly(port, file);
        } finally {
            stripe.unlock();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the embedded series store is closed");
        }
    }

    private void closeQuietly(PortSeriesKey port, PortWriter file) {
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
