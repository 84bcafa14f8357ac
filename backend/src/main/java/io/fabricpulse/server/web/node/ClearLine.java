package io.fabricpulse.server.web.node;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.counterclear.CounterClearRow;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One entry of a port's counter-clear history.
 *
 * @param clearedAt    when the counters were found cleared (or reset), in the page's zone
 * @param clearedAtIso the same as ISO-8601 UTC
 * @param counters     the counters that went back, by IBA name
 * @param source       how it was noticed (e.g. a reset seen in the samples, a clear through the API)
 * @param actor        who or what cleared them
 * @param reason       why, for a clear someone asked for; else null
 * @param before       the counters just before a requested clear ({@code Name=value ...}); else null
 */
public record ClearLine(String clearedAt, String clearedAtIso, String counters, String source, String actor,
                        String reason, String before) {

    static ClearLine of(CounterClearRow row, DisplayFormat format) {
        return new ClearLine(format.dateTime(row.clearedAt()), format.isoTime(row.clearedAt()),
                row.counters().stream().map(PortCounter::ibaName).collect(Collectors.joining(", ")),
                row.source().name().toLowerCase(Locale.ROOT).replace('_', ' '), row.actor(), row.reason(),
                row.countersBefore());
    }
}
