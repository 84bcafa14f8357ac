package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The totals exporters hand to Prometheus: monotonic across clears and saturation, as the rates see them. */
class CounterTotalsTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final PortCounter SYMBOL = PortCounter.SymbolErrorCounter;

    private static void sample(PortRates port, long symbolErrors, int second) {
        port.update(Map.of(SYMBOL.ibaName(), symbolErrors), CounterWidth.BASIC, T0.plusSeconds(second));
    }

    @Test
    void aTotalStartsAtTheFirstValueAndGrowsByTheIncreasesTheRatesWereMadeOf() {
        PortRates port = new PortRates();
        assertThat(port.has(SYMBOL)).isFalse();

        sample(port, 1234, 0);
        assertThat(port.has(SYMBOL)).isTrue();
        assertThat(port.total(SYMBOL)).isEqualTo(1234);

        sample(port, 1300, 10);
        assertThat(port.total(SYMBOL)).isEqualTo(1300);
    }

    @Test
    void aClearAddsNothingAndCountingGoesOnFromTheClearedValue() {
        PortRates port = new PortRates();
        sample(port, 100, 0);
        sample(port, 150, 10);

        sample(port, 5, 20); // ibclearcounters, then 5 new errors: the interval is a reset, not a rate
        assertThat(port.total(SYMBOL)).isEqualTo(150);

        sample(port, 25, 30);
        assertThat(port.total(SYMBOL)).isEqualTo(170);
    }

    @Test
    void aLatchedCounterAddsNothingUntilItIsClearedAndCountsAgain() {
        PortRates port = new PortRates();
        sample(port, 65_000, 0);
        sample(port, 65_535, 10); // latched: the true increase is unknown
        sample(port, 65_535, 20);
        assertThat(port.total(SYMBOL)).isEqualTo(65_000);

        sample(port, 0, 30);
        sample(port, 7, 40);
        assertThat(port.total(SYMBOL)).isEqualTo(65_007);
    }

    @Test
    void aSampleThatIsNotNewerChangesNothing() {
        PortRates port = new PortRates();
        sample(port, 10, 10);
        sample(port, 90, 0);
        sample(port, 90, 10);

        assertThat(port.total(SYMBOL)).isEqualTo(10);
    }

    @Test
    void aSwitchBetween32And64BitCountersAddsNothing() {
        PortRates port = new PortRates();
        port.update(Map.of("PortXmitData", 4_000_000_000L), CounterWidth.BASIC, T0);
        port.update(Map.of("PortXmitData", 9_000_000_000_000L), CounterWidth.EXTENDED_DATA, T0.plusSeconds(10));
        port.update(Map.of("PortXmitData", 9_000_000_000_500L), CounterWidth.EXTENDED_DATA, T0.plusSeconds(20));

        assertThat(port.total(PortCounter.PortXmitData)).isEqualTo(4_000_000_500L);
    }

    @Test
    void aResumedPortStartsFromItsStoredValues() {
        PortRates port = PortRates.resumedFrom(Map.of(SYMBOL.ibaName(), 40L), CounterWidth.BASIC, T0, Map.of());
        sample(port, 45, 10);

        assertThat(port.total(SYMBOL)).isEqualTo(45);
    }

    @Test
    void unsigned64BitTotalsReadAsLargeDoubles() {
        PortRates port = new PortRates();
        port.update(Map.of("PortUnicastXmitPkts", -2L), CounterWidth.EXTENDED_DATA, T0); // 2^64 - 2

        assertThat(port.totalAsDouble(PortCounter.PortUnicastXmitPkts)).isEqualTo(0x1p64);
    }

    /**
     * The port's compact state against the rules themselves ({@link CounterRates#next}, one baseline object per
     * counter): samples carrying random subsets of the counters, at times that sometimes go back, with clears,
     * latched values and width switches, give the same outcome and the same total for every counter.
     */
    @Test
    void randomHistoriesGiveTheOutcomesAndTotalsOfTheRulesCounterByCounter() {
        Random random = new Random(19);
        PortCounter[] counters = PortCounter.values();
        for (int history = 0; history < 200; history++) {
            PortRates port = new PortRates();
            Map<PortCounter, CounterSample> baselines = new HashMap<>();
            Map<PortCounter, Long> totals = new HashMap<>();
            long second = 0;
            for (int step = 0; step < 40; step++) {
                second += random.nextInt(10) < 2 ? -random.nextInt(20) : 1 + random.nextInt(10);
                Instant at = T0.plusSeconds(second);
                CounterWidth width = CounterWidth.values()[random.nextInt(10) == 0 ? random.nextInt(3) : 1];
                Map<String, Long> values = new HashMap<>();
                for (PortCounter counter : counters) {
                    if (random.nextInt(8) == 0) {
                        continue; // not in this sample
                    }
                    CounterSample before = baselines.get(counter);
                    long base = before == null ? random.nextInt(1000) : before.value();
                    long value = switch (random.nextInt(12)) {
                        case 0 -> random.nextInt(5); // cleared
                        case 1 -> counter.max(counter.wide(width)); // latched
                        default -> Math.min(base + random.nextInt(500), counter.max(counter.wide(width)));
                    };
                    values.put(counter.ibaName(), value);
                }
                PortRates.Result result = port.update(values, width, at);
                for (PortCounter counter : counters) {
                    Long value = values.get(counter.ibaName());
                    if (value == null) {
                        continue;
                    }
                    CounterSample before = baselines.get(counter);
                    CounterRates.Step rule = CounterRates.next(counter, before, value, width, at);
                    assertThat(result.outcome(counter)).as("history %d step %d %s", history, step, counter)
                            .isEqualTo(rule.rate());
                    if (before == null) {
                        totals.put(counter, value);
                    } else if (rule.rate() instanceof CounterRate.PerSecond) {
                        totals.merge(counter, value - before.value(), Long::sum);
                    }
                    baselines.put(counter, rule.baseline());
                }
                for (PortCounter counter : counters) {
                    assertThat(port.has(counter)).isEqualTo(baselines.containsKey(counter));
                    assertThat(port.total(counter)).as("history %d step %d %s total", history, step, counter)
                            .isEqualTo(totals.getOrDefault(counter, 0L));
                }
            }
        }
    }
}
