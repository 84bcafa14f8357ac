package io.fabricpulse.server.history;

import io.fabricpulse.server.problem.ReadQuery;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Which past instants may be shown: from {@code fabricpulse.history.span} ago up to now, by the server's clock. */
@Component
public class HistoryWindow {

    private final HistoryProperties properties;
    private final Clock clock;

    HistoryWindow(HistoryProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
    }

    /** The oldest instant that may be shown now, a whole second. */
    public Instant oldest() {
        return clock.instant().minus(properties.span()).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
    }

    /**
     * The past instant {@code name} asks for, a whole second; null when not given (now, live). A value that is no
     * ISO-8601 instant, lies in the future or before {@link #oldest()} is recorded in {@code query} as invalid, so
     * {@link ReadQuery#throwIfInvalid()} answers a 400 problem naming it.
     */
    public Instant requested(ReadQuery query, String name) {
        Instant at = query.instant(name);
        if (at == null) {
            return null;
        }
        Instant now = clock.instant();
        if (at.isAfter(now)) {
            query.invalid(name, at + " is in the future; the history ends now, " + now.truncatedTo(ChronoUnit.SECONDS));
            return null;
        }
        Instant oldest = oldest();
        if (at.isBefore(oldest)) {
            query.invalid(name, at + " is before the oldest instant shown, " + oldest + " (fabricpulse.history.span is "
                    + properties.span().toString().substring(2).toLowerCase(Locale.ROOT) + ")");
            return null;
        }
        return at.truncatedTo(ChronoUnit.SECONDS);
    }
}
