package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

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
}
