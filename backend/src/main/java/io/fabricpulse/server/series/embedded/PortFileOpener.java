package io.fabricpulse.server.series.embedded;

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
import java.util.Optional;

/**
 * Opens port files and keeps them usable: creates missing ones with the configured layout, sets
 * damaged ones aside, and brings files from older releases up to the current set of series.
 * Callers hold the port's lock ({@link PortFiles}).
 */
final class PortFileOpener {

    private static final Logger log = LoggerFactory.getLogger(PortFileOpener.class);

    private final RrdLayout layout;
    private final RrdBackendFactory backend;
    private final Clock clock;
    private volatile boolean warnedUnknownFormat;
    private volatile boolean warnedDisagreement;

    PortFileOpener(RrdLayout layout, RrdBackendFactory backend, Clock clock) {
        this.layout = layout;
        this.backend = backend;
        this.clock = clock;
    }

    /**
     * The file at {@code path} ready for updates: created (first update one step after
     * {@code startIfNew}) when missing, set aside and created anew when unreadable, given the series
     * it lacks when older than them.
     */
    PortWriter openForWriting(Path path, long startIfNew) throws IOException {
        PortFile file = openThroughRrd4j(path, startIfNew);
        if (!(backend instanceof MappedFileBackendFactory)) {
            return file;
        }
        // rrd4j has created, checked or migrated the file; from here on the mapped writer updates it.
        Optional<MappedPortWriter> writer;
        try {
            writer = MappedPortWriter.of(file.db(), file.datasourceOf());
        } catch (IllegalStateException e) {
            // Our knowledge of rrd4j's format is wrong for this file: never write it that way.
            if (!warnedDisagreement) {
                warnedDisagreement = true;
                log.error("{}; such files are updated through rrd4j (slower, more heap per open file)",
                        e.getMessage());
            }
            return file;
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
        if (writer.isEmpty()) {
            if (!warnedUnknownFormat) {
                warnedUnknownFormat = true;
                log.warn("series file {} is not in the rrd4j format the mapped writer knows; such files are"
                        + " updated through rrd4j (slower, more heap per open file)", path);
            }
            return file;
        }
        try {
            file.close(); // leaves the mapping to the writer
        } catch (IOException | RuntimeException e) {
            writer.get().close();
            throw e;
        }
        return writer.get();
    }

    private PortFile openThroughRrd4j(Path path, long startIfNew) throws IOException {
        if (!Files.exists(path)) {
            if (!Files.isDirectory(path.getParent())) {
                // Only when missing: createDirectories on an existing directory throws and catches
                // internally, once for every new port of a node (20,000 exceptions for a fresh fabric).
                Files.createDirectories(path.getParent());
            }
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
        return MappedFileBackendFactory.create(def, backend);
    }

    /** A read-only handle on an existing file; series it lacks read as gaps. */
    PortFile openForReading(Path path) throws IOException {
        return new PortFile(open(path, true));
    }

    private RrdDb open(Path path, boolean readOnly) throws IOException {
        return RrdDb.getBuilder().setPath(path.toString()).setReadOnly(readOnly).setBackendFactory(backend).build();
    }
}
