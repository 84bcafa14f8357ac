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
 * A setting this record does not know (such as {@code layout}, {@code file-access} or {@code max-open-files},
 * which served the one-file-per-port layout of earlier releases) stops startup naming it, rather than being
 * silently ignored.
 *
 * @param directory where the store's files live; created on the first write, not before
 * @param step      base resolution: one row per step in the finest archive
 * @param heartbeat longest interval between two samples of a port that still counts as data;
 *                  longer silences are stored as gaps
 * @param archives  resolutions and how long each is kept; the first must have the base resolution.
 *                  They shape a new directory; an existing one keeps the layout it was created with
 */
@ConfigurationProperties(prefix = "fabricpulse.series.embedded", ignoreUnknownFields = false)
public record EmbeddedSeriesProperties(@DefaultValue("./data/series") Path directory,
                                       @DefaultValue("10s") Duration step,
                                       @DefaultValue("60s") Duration heartbeat,
                                       List<Archive> archives) {

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
        requireWholeSeconds(step, "step");
        requireWholeSeconds(heartbeat, "heartbeat");
        if (heartbeat.compareTo(step) < 0) {
            throw new IllegalArgumentException("fabricpulse.series.embedded.heartbeat (" + heartbeat
                    + ") must be at least the step (" + step + ")");
        }
        archives = archives == null || archives.isEmpty() ? DEFAULT_ARCHIVES : List.copyOf(archives);
        validateArchives(archives, step);
    }

    /** The defaults, in {@code directory}: what a zero-configuration server uses. */
    public static EmbeddedSeriesProperties defaultsIn(Path directory) {
        return new EmbeddedSeriesProperties(directory, Duration.ofSeconds(10), Duration.ofSeconds(60), null);
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
}
