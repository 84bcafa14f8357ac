package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.RateSeries;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape of a slot directory and where each field of a port lives in it: the series (one datasource
 * each, in this order), the step and heartbeat, and the archives (consolidation function, base steps per
 * row, rows). A directory keeps the layout it was created with, written in its {@code FORMAT} file
 * ({@link #describe()}, {@link #parse}); docs/STORAGE.md draws it.
 *
 * <p>A port's <b>state page</b> (whole 4 KB pages, one per port for the default layout), big-endian:
 * <pre>
 *   0                          long    time of the port's latest update (0: no state)
 *   8 + 24 ds                  double  the last rate known in the current step, what MAX archives take from it;
 *                                      valid only once this process stored into the slot (format 1 kept the
 *                                      last raw value here)
 *   8 + 24 ds + 8              double  sum of rate x seconds known in the current step
 *   8 + 24 ds + 16             long    seconds of the current step with no rate
 *   8 + 24 D + 20 (a D + ds)   4 bytes reserved (format 1 kept the ring's position here)
 *                      + 4     double  the archive's row in progress: sum (AVERAGE) or maximum (MAX)
 *                      + 12    long    steps of the row in progress with no value
 * </pre>
 * <b>Rows</b>: archive {@code a} of group {@code g} is the file {@code archive<a>-<g>}; the row ending at
 * {@code T} (covering {@code [T - resolution, T)}) is ring position {@code (T / resolution) mod rows}, and
 * slot {@code s} of the group keeps its {@code D} values at {@code ((position x portsPerGroup) + s) x D x 8}.
 * Doubles are stored as {@link StoredDouble}s, so zero bytes read as unknown.
 */
final class SlotLayout {

    /** The page size a port's state is rounded up to. */
    static final int PAGE = 4096;
    /** Where a state page keeps the time of the port's latest update. */
    static final long LAST_UPDATE = 0;
    private static final int UPDATE_TIME = 8;
    private static final int SERIES_STATE = 24;
    private static final int ARCHIVE_STATE = 20;

    /** One archive: rows of {@code stepsPerRow} base steps consolidated by {@code function}, {@code rows} kept. */
    record Archive(Consolidation function, int stepsPerRow, int rows) {
    }

    private final int portsPerGroup;
    private final long step;
    private final long heartbeat;
    private final List<String> series;
    private final int datasources;
    private final List<Archive> archives;
    /** Datasource per {@link RateSeries#index()}; -1 for a series this directory does not keep. */
    private final int[] datasourceOf;
    /** Per archive, read on every update: seconds per row, rows, and whether it keeps the maximum. */
    private final long[] resolution;
    private final int[] rows;
    private final int[] stepsPerRow;
    private final boolean[] keepsMax;

    SlotLayout(int portsPerGroup, long step, long heartbeat, List<String> series, List<Archive> archives) {
        this.portsPerGroup = portsPerGroup;
        this.step = step;
        this.heartbeat = heartbeat;
        this.series = List.copyOf(series);
        this.datasources = this.series.size();
        this.archives = List.copyOf(archives);
        this.datasourceOf = new int[RateSeries.all().size()];
        for (RateSeries known : RateSeries.all()) {
            datasourceOf[known.index()] = this.series.indexOf(known.name());
        }
        this.resolution = this.archives.stream().mapToLong(archive -> step * archive.stepsPerRow()).toArray();
        this.rows = this.archives.stream().mapToInt(Archive::rows).toArray();
        this.stepsPerRow = this.archives.stream().mapToInt(Archive::stepsPerRow).toArray();
        this.keepsMax = new boolean[this.archives.size()];
        for (int a = 0; a < keepsMax.length; a++) {
            keepsMax[a] = this.archives.get(a).function() == Consolidation.MAX;
        }
    }

    /** The layout the settings give a new directory: every series, AVERAGE per archive and MAX where asked. */
    static SlotLayout of(EmbeddedSeriesProperties properties, int portsPerGroup) {
        long step = properties.step().getSeconds();
        List<Archive> archives = new ArrayList<>();
        for (EmbeddedSeriesProperties.Archive archive : properties.archives()) {
            int stepsPerRow = Math.toIntExact(archive.resolution().getSeconds() / step);
            int rows = Math.toIntExact(archive.rows());
            archives.add(new Archive(Consolidation.AVERAGE, stepsPerRow, rows));
            if (archive.max()) {
                archives.add(new Archive(Consolidation.MAX, stepsPerRow, rows));
            }
        }
        return new SlotLayout(portsPerGroup, step, properties.heartbeat().getSeconds(),
                RateSeries.all().stream().map(RateSeries::name).toList(), archives);
    }

    /** The lines after the format's name in {@code FORMAT}. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add("ports-per-group " + portsPerGroup);
        lines.add("step " + step);
        lines.add("heartbeat " + heartbeat);
        lines.add("series " + String.join(" ", series));
        for (Archive archive : archives) {
            lines.add("archive " + archive.function() + " " + archive.stepsPerRow() + " " + archive.rows());
        }
        return lines;
    }

    /** The layout {@link #describe()} wrote; an {@link IllegalArgumentException} naming the first line it cannot use. */
    static SlotLayout parse(List<String> lines) {
        int portsPerGroup = 0;
        long step = 0;
        long heartbeat = 0;
        List<String> series = List.of();
        List<Archive> archives = new ArrayList<>();
        for (String line : lines) {
            String[] words = line.strip().split(" ");
            try {
                switch (words[0]) {
                    case "ports-per-group" -> portsPerGroup = positive(words, 2, 1);
                    case "step" -> step = positive(words, 2, 1);
                    case "heartbeat" -> heartbeat = positive(words, 2, 1);
                    case "series" -> series = List.of(words).subList(1, words.length);
                    case "archive" -> archives.add(new Archive(Consolidation.valueOf(words[1]), positive(words, 4, 2),
                            positive(words, 4, 3)));
                    default -> throw new IllegalArgumentException("unknown entry");
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("cannot read the line '" + line + "': " + e.getMessage(), e);
            }
        }
        if (portsPerGroup == 0 || step == 0 || heartbeat == 0 || series.isEmpty() || archives.isEmpty()) {
            throw new IllegalArgumentException("it lacks one of ports-per-group, step, heartbeat, series, archive");
        }
        return new SlotLayout(portsPerGroup, step, heartbeat, series, archives);
    }

    /** Word {@code at} of a line of {@code count} words, a positive number. */
    private static int positive(String[] words, int count, int at) {
        if (words.length != count) {
            throw new IllegalArgumentException("expected " + (count - 1) + " value(s)");
        }
        int value = Integer.parseInt(words[at]);
        if (value < 1) {
            throw new IllegalArgumentException(value + " is not positive");
        }
        return value;
    }

    int portsPerGroup() {
        return portsPerGroup;
    }

    long step() {
        return step;
    }

    long heartbeat() {
        return heartbeat;
    }

    List<String> series() {
        return series;
    }

    List<Archive> archives() {
        return archives;
    }

    int datasources() {
        return datasources;
    }

    /** The datasource of {@code rateSeries}, -1 when this directory does not keep it. */
    int datasourceOf(RateSeries rateSeries) {
        return datasourceOf[rateSeries.index()];
    }

    /** Seconds one row of archive {@code a} covers. */
    long resolution(int archive) {
        return resolution[archive];
    }

    int rows(int archive) {
        return rows[archive];
    }

    int stepsPerRow(int archive) {
        return stepsPerRow[archive];
    }

    /** Whether archive {@code a} keeps each row's maximum (else its mean). */
    boolean keepsMax(int archive) {
        return keepsMax[archive];
    }

    /** Bytes of one port's state: whole pages. */
    long stateBytes() {
        return Math.ceilDiv(usedStateBytes(), PAGE) * PAGE;
    }

    /** Bytes of one port's state page that hold state: the rest pads it to whole pages. */
    long usedStateBytes() {
        return UPDATE_TIME + (long) SERIES_STATE * datasources()
                + (long) ARCHIVE_STATE * archives.size() * datasources();
    }

    /** Bytes of one row of one port: a value per datasource. */
    long rowBytes() {
        return 8L * datasources();
    }

    /** Bytes of archive {@code a}'s file of one group. */
    long archiveFileBytes(int archive) {
        return rows[archive] * rowBytes() * portsPerGroup;
    }

    /** Bytes a port takes: its state page(s) and its rows in every archive. */
    long bytesPerSlot() {
        long rows = archives.stream().mapToLong(Archive::rows).sum();
        return stateBytes() + rowBytes() * rows;
    }

    long lastKnown(int ds) {
        return UPDATE_TIME + (long) SERIES_STATE * ds;
    }

    long sum(int ds) {
        return UPDATE_TIME + (long) SERIES_STATE * ds + 8;
    }

    long unknownSeconds(int ds) {
        return UPDATE_TIME + (long) SERIES_STATE * ds + 16;
    }

    /** Format 1's ring position of archive {@code a}: read once, by {@link SlotsFormat1}. */
    long format1Pointer(int archive, int ds) {
        return UPDATE_TIME + (long) SERIES_STATE * datasources()
                + (long) ARCHIVE_STATE * ((long) archive * datasources() + ds);
    }

    long rowInProgress(int archive, int ds) {
        return format1Pointer(archive, ds) + 4;
    }

    long unknownSteps(int archive, int ds) {
        return format1Pointer(archive, ds) + 12;
    }

    /** The ring position of the row of archive {@code a} that ends at {@code end}. */
    int position(int archive, long end) {
        return (int) Math.floorMod(end / resolution[archive], (long) rows[archive]);
    }

    /** Where a value of slot {@code slotInGroup} at ring position {@code position} of an archive file is. */
    long valueOffset(int slotInGroup, int position, int ds) {
        return (((long) position * portsPerGroup + slotInGroup) * datasources() + ds) * 8;
    }

    /** Everything but the group size, for comparing a directory's layout with the configured one. */
    String shape() {
        List<String> lines = describe();
        return String.join("; ", lines.subList(1, lines.size()));
    }
}
