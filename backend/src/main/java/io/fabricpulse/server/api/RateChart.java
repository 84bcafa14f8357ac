package io.fabricpulse.server.api;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;

import java.time.Instant;
import java.util.List;

/**
 * One series of one port over a range, as a chart draws it.
 *
 * @param nodeGuid      the port's node, canonical
 * @param portNumber    the port
 * @param counter       the series: an IBA counter name (its rate per second in its own unit) or
 *                      XmitBytesPerSecond / RcvBytesPerSecond
 * @param consolidation how rates inside one bucket became one value
 * @param from          start of the first bucket (the asked {@code from} rounded down to the step)
 * @param to            end of the last bucket, exclusive (the asked {@code to} rounded up to the step)
 * @param stepSeconds   bucket length in seconds
 * @param points        one per bucket in time order; {@code value} null where the store holds nothing
 */
public record RateChart(String nodeGuid, int portNumber, String counter, Consolidation consolidation, Instant from,
                        Instant to, long stepSeconds, List<Point> points) {

    /**
     * One bucket.
     *
     * @param at    start of the bucket
     * @param value the consolidated rate, null for a gap (JSON has no NaN)
     */
    public record Point(Instant at, Double value) {
    }

    static RateChart of(RateQuery query, List<RatePoint> points) {
        return new RateChart(query.port().nodeGuid(), query.port().portNumber(), query.series().name(),
                query.consolidation(), query.from(), query.to(), query.stepSeconds(),
                points.stream().map(p -> new Point(p.at(), p.isGap() ? null : p.value())).toList());
    }
}
