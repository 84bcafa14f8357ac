package io.fabricpulse.server.rates;

import io.fabricpulse.agent.report.PortCounter;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rate state of one port: one baseline per counter, so its memory is fixed whatever the
 * history. Not thread-safe: the caller serializes the samples of one port (the live fabric updates
 * a port inside {@code ConcurrentHashMap.compute}).
 */
public final class PortRates {

    private static final PortCounter[] COUNTERS = PortCounter.values();

    private final CounterSample[] baselines = new CounterSample[COUNTERS.length];

    /**
     * What one sample of the port said, counter by counter, in {@link PortCounter} order.
     *
     * @param outcomes the outcome of every counter present in the sample
     */
    public record Result(Map<PortCounter, CounterRate> outcomes) {

        /** Rates by IBA name in each counter's own unit per second (data counters: 4-byte words/s). */
        public Map<String, Double> rates() {
            return byName(outcome -> outcome instanceof CounterRate.PerSecond(double value) ? value : null);
        }

        /** Counters latched at their maximum by IBA name, with since when. */
        public Map<String, Instant> saturated() {
            return byName(outcome -> outcome instanceof CounterRate.Saturated(Instant since) ? since : null);
        }

        /** The counters that went down in this interval (cleared or reset), in {@link PortCounter} order. */
        public List<PortCounter> resets() {
            return outcomes.entrySet().stream()
                    .filter(outcome -> outcome.getValue() instanceof CounterRate.Reset)
                    .map(Map.Entry::getKey)
                    .toList();
        }

        /** The rate of {@code counter} per second, or null when this interval has none. */
        public Double rate(PortCounter counter) {
            return outcomes.get(counter) instanceof CounterRate.PerSecond(double value) ? value : null;
        }

        private <T> Map<String, T> byName(Function<CounterRate, T> pick) {
            Map<String, T> picked = new LinkedHashMap<>();
            outcomes.forEach((counter, outcome) -> {
                T value = pick.apply(outcome);
                if (value != null) {
                    picked.put(counter.ibaName(), value);
                }
            });
            return Collections.unmodifiableMap(picked);
        }
    }

    /**
     * The rate state a port had after its last accepted sample, rebuilt from a stored copy of that
     * sample (a restarted server, or a second replica, resumes from it instead of starting blind: the
     * next sample then yields the true delta, neither none nor a spike).
     *
     * @param counters       raw values by IBA name, as the sample carried them (unknown names are ignored)
     * @param extended       whether the data/packet counters were the 64-bit extended ones
     * @param at             collection time of the sample
     * @param saturatedSince counters latched at their maximum, with since when
     */
    public static PortRates resumedFrom(Map<String, Long> counters, boolean extended, Instant at,
                                        Map<String, Instant> saturatedSince) {
        PortRates rates = new PortRates();
        for (PortCounter counter : COUNTERS) {
            Long value = counters.get(counter.ibaName());
            if (value != null) {
                rates.baselines[counter.ordinal()] =
                        new CounterSample(value, extended, at, saturatedSince.get(counter.ibaName()));
            }
        }
        return rates;
    }

    /**
     * Takes one sample of the port.
     *
     * @param counters raw values by IBA name (names that are not IBA counters are ignored; the ingest
     *                 validation has rejected them before)
     * @param extended whether data/packet counters are the 64-bit extended ones in this sample
     * @param at       collection time of the sample
     */
    public Result update(Map<String, Long> counters, boolean extended, Instant at) {
        Map<PortCounter, CounterRate> outcomes = new EnumMap<>(PortCounter.class);
        for (PortCounter counter : COUNTERS) {
            Long value = counters.get(counter.ibaName());
            if (value == null) {
                continue;
            }
            CounterRates.Step step = CounterRates.next(counter, baselines[counter.ordinal()], value, extended, at);
            baselines[counter.ordinal()] = step.baseline();
            outcomes.put(counter, step.rate());
        }
        return new Result(Collections.unmodifiableMap(outcomes));
    }
}
