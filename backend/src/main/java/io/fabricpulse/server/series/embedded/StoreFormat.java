package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStoreException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code FORMAT} file at the top of a series directory: the format's name on the first line, then the
 * directory's {@link SlotLayout}. Written once, before anything else, when the first port is stored; read at
 * startup, where a directory of an older format is upgraded ({@link SlotsFormat1}) or refused with what to
 * do, never misread.
 */
final class StoreFormat {

    static final String FILE_NAME = "FORMAT";
    static final String NAME = "fabricpulse-slots 2";
    /** The one-rrd4j-file-per-port layout of earlier releases, removed: {@code <guid>/<port>.rrd}. */
    static final String FILES = "fabricpulse-rrd4j 2: doubles stored XOR NaN (unknown = zero bytes)";
    private static final Pattern NODE_DIRECTORY = Pattern.compile("[0-9a-f]{16}");

    private StoreFormat() {
    }

    /**
     * The layout of the slot directory {@code directory}, empty when it holds no store yet. A directory of
     * format 1 is upgraded first; its groups have {@code format1PortsPerGroup} ports.
     *
     * @throws SeriesStoreException when it holds something this release does not read
     */
    static Optional<SlotLayout> read(Path directory, int format1PortsPerGroup) {
        Path marker = directory.resolve(FILE_NAME);
        try {
            if (!Files.exists(marker)) {
                if (holdsPortFiles(directory)) {
                    throw new SeriesStoreException(directory + " holds one rrd4j file per port of a release before"
                            + " the FORMAT file existed. " + whatToDo());
                }
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
            String name = lines.isEmpty() ? "" : lines.getFirst().strip();
            if (name.equals(NAME)) {
                return Optional.of(SlotLayout.parse(lines.subList(1, lines.size())));
            }
            if (name.equals(SlotsFormat1.NAME)) {
                return Optional.of(SlotsFormat1.upgrade(directory, format1PortsPerGroup));
            }
            if (name.equals(FILES)) {
                throw new SeriesStoreException(directory + " holds one rrd4j file per port (the 'files' layout), which"
                        + " this release no longer reads. " + whatToDo());
            }
            throw new SeriesStoreException(marker + " says '" + name + "'; this release reads '" + NAME + "' (and"
                    + " upgrades '" + SlotsFormat1.NAME + "'). Use the release that wrote it, or move the directory"
                    + " aside to start afresh");
        } catch (IOException e) {
            throw new SeriesStoreException("cannot read the series store in " + directory + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new SeriesStoreException(marker + " is damaged: " + e.getMessage(), e);
        }
    }

    private static String whatToDo() {
        return "Move it aside (or set fabricpulse.series.embedded.directory to a new one): the store starts afresh"
                + " there, and the history in the old directory stays readable by the release that wrote it";
    }

    /** Writes the marker of a new store or an upgraded one, whole or not at all. */
    static void write(Path directory, SlotLayout layout) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(NAME);
        lines.addAll(layout.describe());
        Files.createDirectories(directory);
        Path partial = directory.resolve(FILE_NAME + ".writing");
        Files.write(partial, lines, StandardCharsets.UTF_8);
        Files.move(partial, directory.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    private static boolean holdsPortFiles(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.anyMatch(entry -> Files.isDirectory(entry)
                    && NODE_DIRECTORY.matcher(entry.getFileName().toString()).matches());
        }
    }
}
