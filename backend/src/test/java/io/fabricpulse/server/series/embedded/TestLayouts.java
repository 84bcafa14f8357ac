package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Archive;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Layouts small enough that tests create stores in microseconds, shaped like the default one. */
final class TestLayouts {

    private TestLayouts() {
    }

    /** 10 s for an hour, minutes (average and max) for a day: about 600 KB per port. */
    static EmbeddedSeriesProperties small(Path directory) {
        return new EmbeddedSeriesProperties(directory, Duration.ofSeconds(10), Duration.ofSeconds(60),
                List.of(new Archive(Duration.ofSeconds(10), Duration.ofHours(1), false),
                        new Archive(Duration.ofMinutes(1), Duration.ofDays(1), true)));
    }
}
