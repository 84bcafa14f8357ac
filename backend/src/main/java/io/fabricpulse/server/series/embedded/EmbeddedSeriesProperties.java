package io.fabricpulse.server.series.embedded;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Settings of the embedded store ({@code fabricpulse.series.embedded.*}). Everything has a default:
 * the store works with no configuration at all. docs/STORAGE.md explains the sizes these produce.
 *
 * @param directory    where the per-port files live; created on the first write, not before
 * @param step         base resolution: one row per step in the finest archive
 * @param heartbeat    longest interval between two samples of a port that still counts as data;
 *                     longer silences are stored as gaps
 * @param archives     resolutions and how long each is kept; the first must have the base resolution.
 *                     Changes apply to files created afterwards (a file's size is fixed at creation)
 * @param maxOpenFiles how many port files stay open (mapped) between writes; least recently used
 *                     files are closed beyond this
 * @param fileAccess   how files are read and written, see {@link FileAccess}; {@code file} only with the
 *                     {@code files} layout
 * @param layout       how a new directory holds its ports, see {@link Layout}; a directory keeps the layout
 *                     it was started with
 */
@ConfigurationProperties("fabricpulse.series.embedded")
public record EmbeddedSeriesProperties(@DefaultValue("./data/series") Path directory,
                                       @DefaultValue("10s") Duration step,
                                       @DefaultValue("60s") Duration heartbeat,
                                       List<Archive> archives,
                                       @DefaultValue("32768") int maxOpenFiles,
                                       @DefaultValue("mapped") FileAccess fileAccess,
                                       @DefaultValue("slots") Layout layout) {

    /**
     * The default archives: the classic round-robin shape (fine for a while, coarser for longer, coarse
     * for years; Ganglia's is 15 s x 1 day, 1 min x 14 days, 10 min x 1 year) cut to what a fabric-scale
     * server can afford on disk for every port: 10 s for 6 hours, minutes for a day, hours for two weeks,
     * days for two years, about 1.3 MB per port (docs/STORAGE.md works it through). MAX next to AVERAGE
     * where a row summarises several samples, so bursts stay visible. The longer layout (10 s x
     * 1 day, 1 min x 14 days, 1 h x 2 years: 15.5 MB per port) is one configuration away.
     */
    public static final List<Archive> DEFAULT_ARCHIVES = List.of(
            new Archive(Duration.ofSeconds(10), Duration.ofHours(6), false),
            new Archive(Duration.ofMinutes(1), Duration.ofDays(1), true),
            new Archive(Duration.ofHours(1), Duration.ofDays(14), true),
            new Archive(Duration.ofDays(1), Duration.ofDays(730), true));

    /** More rows than this in one archive is a typo (a retention in seconds meant as days), not a plan. */
    static final long MAX_ROWS = 10_000_000;

    public EmbeddedSeriesProperties {
        Objects.requireNonNull(directory, "fabricpulse.series.embedded.directory");
        Objects.requireNonNull(fileAccess, "fabricpulse.series.embedded.file-access");
        Objects.requireNonNull(layout, "fabricpulse.series.embedded.layout");
        if (layout == Layout.SLOTS && fileAccess == FileAccess.FILE) {
            throw new IllegalArgumentException("fabricpulse.series.embedded.file-access=file needs layout=files: "
                    + "the slots layout maps its files");
        }
        requireWholeSeconds(step, "step");
        requireWholeSeconds(heartbeat, "heartbeat");
        if (heartbeat.compareTo(step) < 0) {
            throw new IllegalArgumentException("fabricpulse.series.embedded.heartbeat (" + heartbeat
                    + ") must be at least the step (" + step + ")");
        }
        if (maxOpenFiles < 1) {
            throw new IllegalArgumentException("fabricpulse.series.embedded.max-open-files must be at least 1, got "
                    + maxOpenFiles);
        }
        archives = archives == null || archives.isEmpty() ? DEFAULT_ARCHIVES : List.copyOf(archives);
        validateArchives(archives, step);
    }

    /** The defaults, in {@code directory}: what a zero-configuration server uses. */
    public static EmbeddedSeriesProperties defaultsIn(Path directory) {
        return new EmbeddedSeriesProperties(directory, Duration.ofSeconds(10), Duration.ofSeconds(60), null, 2048,
                FileAccess.MAPPED, Layout.SLOTS);
    }

    private static void validateArchives(List<Archive> archives, Duration step) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < archives.size(); i++) {
            Archive archive = archives.get(i);
            String where = "fabricpulse.series.embedded.archives[" + i + "]";
            if (archive == null || archive.resolution() == null || archive.retention() == null) {
                problems.add(where + " needs a resolution and a retention");
                continue;
            }
            long resolution = archive.resolution().getSeconds();
            if (archive.resolution().getNano() != 0 || resolution < 1 || resolution % step.getSeconds() != 0) {
                problems.add(where + ".resolution (" + archive.resolution() + ") must be a multiple of the step ("
                        + step + ")");
                continue;
            }
            if (archive.retention().getNano() != 0 || archive.retention().getSeconds() % resolution != 0
                    || archive.retention().getSeconds() / resolution < 2) {
                problems.add(where + ".retention (" + archive.retention() + ") must be a multiple of the resolution ("
                        + archive.resolution() + "), at least two rows");
            } else if (archive.retention().getSeconds() / resolution > MAX_ROWS) {
                problems.add(where + " would keep " + archive.retention().getSeconds() / resolution + " rows; at most "
                        + MAX_ROWS);
            }
            if (archive.max() && resolution == step.getSeconds()) {
                problems.add(where + ".max: at the base resolution a row holds one step, so MAX equals AVERAGE; "
                        + "leave max off there");
            }
            if (i > 0 && archives.get(i - 1) != null && archives.get(i - 1).resolution() != null
                    && archives.get(i - 1).resolution().compareTo(archive.resolution()) >= 0) {
                problems.add(where + ".resolution (" + archive.resolution() + ") must be coarser than the one before");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        if (!archives.getFirst().resolution().equals(step)) {
            throw new IllegalArgumentException("fabricpulse.series.embedded.archives[0].resolution ("
                    + archives.getFirst().resolution() + ") must equal the step (" + step
                    + "): the finest archive keeps every step");
        }
    }

    private static void requireWholeSeconds(Duration duration, String name) {
        Objects.requireNonNull(duration, "fabricpulse.series.embedded." + name);
        if (duration.getNano() != 0 || duration.getSeconds() < 1) {
            throw new IllegalArgumentException("fabricpulse.series.embedded." + name
                    + " must be a whole number of seconds, at least 1 s, got " + duration);
        }
    }

    /**
     * One archive: rows of {@code resolution}, kept for {@code retention}.
     *
     * @param resolution how much time one row summarises, a multiple of the step
     * @param retention  how far back the archive reaches, a multiple of the resolution
     * @param max        also keep the maximum of each row next to the average
     */
    public record Archive(Duration resolution, Duration retention, boolean max) {

        public long rows() {
            return retention.getSeconds() / resolution.getSeconds();
        }
    }

    /** How port files are accessed. */
    public enum FileAccess {
        /**
         * Memory-mapped through the FFM API ({@code FileChannel.map} into an {@code Arena}): an update
         * is a few memory stores, unmapping is deterministic, no {@code sun.misc.Unsafe}. The default.
         */
        MAPPED,
        /**
         * rrd4j's RandomAccessFile backend: a system call per field touched, about 10x slower
         * (docs/PERFORMANCE.md); for file systems where shared mappings are unwise (some network ones).
         */
        FILE
    }

    /** How the ports of a directory are kept. docs/STORAGE.md compares the two. */
    public enum Layout {
        /**
         * Slots of groups of 4,096 ports: per group a state file with a 4 KB page per port and a file per
         * archive whose rows hold every port of the group side by side, time-aligned, so that one step of
         * a whole group dirties a few contiguous pages. rrd4j's layout and update, without a file per port.
         * The default: what a 200,000-port fabric at 10 s needs (docs/PERFORMANCE.md).
         */
        SLOTS,
        /**
         * One rrd4j file per port ({@code <guid>/<port>.rrd}), readable with rrd4j's tools; every step
         * of every port dirties pages of its own file. Fine for a few thousand ports.
         */
        FILES
    }
}
