package io.fabricpulse.server.alerting.rules;

import java.time.Duration;

/** Durations as people write them in configuration: 90s, 12m, 2h. */
public final class Durations {

    private Durations() {
    }

    public static String text(Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds % 3600 == 0 && seconds > 0) {
            return seconds / 3600 + "h";
        }
        if (seconds % 60 == 0 && seconds > 0) {
            return seconds / 60 + "m";
        }
        return seconds + "s";
    }
}
