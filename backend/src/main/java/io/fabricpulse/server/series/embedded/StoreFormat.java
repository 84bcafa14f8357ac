package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The {@code FORMAT} file at the top of the series directory, naming how it holds ports: one rrd4j file
 * per port ({@link #CURRENT}) or slots ({@link #SLOTS}). A directory keeps the format it was started with,
 * whatever is configured later. Files written before {@link UnknownAsZero} hold doubles plainly and would
 * read as garbage, so a directory with port files and without this marker is refused at startup instead
 * of misread.
 */
final class StoreFormat {

    static final String FILE_NAME = "FORMAT";
    /** One rrd4j file per port. */
    static final String CURRENT = "fabricpulse-rrd4j 2: doubles stored XOR NaN (unknown = zero bytes)";
    static final String SLOTS = "fabricpulse-slots 1: rrd4j layout and update, a state page per port and time-major"
            + " rows per group of " + PortSlots.PORTS_PER_GROUP + " ports, doubles stored XOR NaN";

    private final Path directory;
    private final Layout layout;
    private volatile boolean marked;

    StoreFormat(Path directory, Layout layout) {
        this.directory = directory;
        this.layout = layout;
    }

    /**
     * The layout the directory holds, from its marker; empty when it holds nothing yet.
     *
     * @throws SeriesStoreException when the directory holds port files of another format
     */
    static Optional<Layout> of(Path directory) {
        Path marker = directory.resolve(FILE_NAME);
        try {
            if (Files.exists(marker)) {
                String found = Files.readString(marker, StandardCharsets.UTF_8).strip();
                if (found.equals(CURRENT)) {
                    return Optional.of(Layout.FILES);
                }
                if (found.equals(SLOTS)) {
                    return Optional.of(Layout.SLOTS);
                }
                throw new SeriesStoreException(marker + " says '" + found + "'; this server reads '" + CURRENT
                        + "' or '" + SLOTS + "'. Use the release that wrote these files, or move the directory aside"
                        + " to start afresh");
            }
            if (holdsPortFiles(directory)) {
                throw new SeriesStoreException(directory + " holds port files of an earlier format (no " + FILE_NAME
                        + " file): their values would read wrongly. Move the directory aside to start afresh");
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new SeriesStoreException("cannot read " + marker + ": " + e.getMessage(), e);
        }
    }

    /** Writes the marker once, before the first port is created. */
    void markBeforeFirstFile() throws IOException {
        if (marked) {
            return;
        }
        synchronized (this) {
            if (!marked) {
                Files.createDirectories(directory);
                Files.writeString(directory.resolve(FILE_NAME), (layout == Layout.SLOTS ? SLOTS : CURRENT) + "\n",
                        StandardCharsets.UTF_8);
                marked = true;
            }
        }
    }

    private static boolean holdsPortFiles(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.anyMatch(entry -> Files.isDirectory(entry)
                    && PortFiles.NODE_DIRECTORY.matcher(entry.getFileName().toString()).matches());
        }
    }
}
