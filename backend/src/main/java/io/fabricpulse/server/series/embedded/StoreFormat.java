package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStoreException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The {@code FORMAT} file at the top of the series directory, naming how its port files hold values.
 * Files written before {@link UnknownAsZero} hold doubles plainly and would read as garbage, so a
 * directory with port files and without this marker is refused at startup instead of misread.
 */
final class StoreFormat {

    static final String FILE_NAME = "FORMAT";
    static final String CURRENT = "fabricpulse-rrd4j 2: doubles stored XOR NaN (unknown = zero bytes)";

    private final Path directory;
    private volatile boolean marked;

    StoreFormat(Path directory) {
        this.directory = directory;
    }

    /** @throws SeriesStoreException when the directory holds port files of another format */
    void check() {
        Path marker = directory.resolve(FILE_NAME);
        try {
            if (Files.exists(marker)) {
                String found = Files.readString(marker, StandardCharsets.UTF_8).strip();
                if (!found.equals(CURRENT)) {
                    throw new SeriesStoreException(marker + " says '" + found + "'; this server reads '" + CURRENT
                            + "'. Use the release that wrote these files, or move the directory aside to start afresh");
                }
                marked = true;
            } else if (holdsPortFiles()) {
                throw new SeriesStoreException(directory + " holds port files of an earlier format (no " + FILE_NAME
                        + " file): their values would read wrongly. Move the directory aside to start afresh");
            }
        } catch (IOException e) {
            throw new SeriesStoreException("cannot read " + marker + ": " + e.getMessage(), e);
        }
    }

    /** Writes the marker once, before the first port file is created. */
    void markBeforeFirstFile() throws IOException {
        if (marked) {
            return;
        }
        synchronized (this) {
            if (!marked) {
                Files.createDirectories(directory);
                Files.writeString(directory.resolve(FILE_NAME), CURRENT + "\n", StandardCharsets.UTF_8);
                marked = true;
            }
        }
    }

    private boolean holdsPortFiles() throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.anyMatch(entry -> Files.isDirectory(entry)
                    && PortFiles.NODE_DIRECTORY.matcher(entry.getFileName().toString()).matches());
        }
    }
}
