package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PortRatesTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void ratesAndSaturationComeOutByIbaNameInTheCountersOwnUnit() {
        PortRates port = new PortRates();
        port.update(Map.of("SymbolErrorCounter", 10L, "PortXmitData", 1_000L, "PortXmitDiscards", 65_000L), CounterWidth.BASIC, T0);

        PortRates.Result result = port.update(
                Map.of("SymbolErrorCounter", 30L, "PortXmitData", 6_000L, "PortXmitDiscards", 65_535L), CounterWidth.BASIC,
                T0.plusSeconds(10));

        assertThat(result.rates()).containsExactly(
                Map.entry("SymbolErrorCounter", 2.0), Map.entry("PortXmitData", 500.0));
        assertThat(result.saturated()).containsExactly(Map.entry("PortXmitDiscards", T0.plusSeconds(10)));
    }

    @Test
    void aCounterMissingFromOneSampleKeepsItsBaselineForTheNext() {
        PortRates port = new PortRates();
        port.update(Map.of("SymbolErrorCounter", 10L), CounterWidth.BASIC, T0);
        port.update(Map.of("PortXmitDiscards", 1L), CounterWidth.BASIC, T0.plusSeconds(10));

        PortRates.Result result = port.update(Map.of("SymbolErrorCounter", 50L), CounterWidth.BASIC, T0.plusSeconds(20));

        assertThat(result.rates()).containsExactly(Map.entry("SymbolErrorCounter", 2.0));
    }

    @Test
    void aSampleOlderThanOneCountersBaselineRatesTheOthersAndLeavesThatBaselineAsItWas() {
        PortRates port = new PortRates();
        port.update(Map.of("SymbolErrorCounter", 10L, "PortXmitDiscards", 100L), CounterWidth.BASIC, T0);
        port.update(Map.of("SymbolErrorCounter", 20L), CounterWidth.BASIC, T0.plusSeconds(10));

        PortRates.Result late = port.update(Map.of("SymbolErrorCounter", 15L, "PortXmitDiscards", 110L),
                CounterWidth.BASIC, T0.plusSeconds(5));
        assertThat(late.rates()).as("discards' baseline is from T0; symbol errors' from T0 + 10 s")
                .containsExactly(Map.entry("PortXmitDiscards", 2.0));
        assertThat(late.outcome(PortCounter.SymbolErrorCounter)).isEqualTo(new CounterRate.NotNewer());

        PortRates.Result next = port.update(Map.of("SymbolErrorCounter", 40L, "PortXmitDiscards", 140L),
                CounterWidth.BASIC, T0.plusSeconds(20));
        assertThat(next.rates()).containsExactly(Map.entry("SymbolErrorCounter", 2.0),
                Map.entry("PortXmitDiscards", 2.0));
        assertThat(port.total(PortCounter.SymbolErrorCounter)).isEqualTo(40L);
        assertThat(port.total(PortCounter.PortXmitDiscards)).isEqualTo(140L);
    }

    @Test
    void theFirstSampleOfAPortHasNoRates() {
        PortRates.Result result = new PortRates().update(Map.of("SymbolErrorCounter", 10L), CounterWidth.BASIC, T0);

        assertThat(result.rates()).isEmpty();
        assertThat(result.outcomes()).containsValue(new CounterRate.FirstSample());
    }

    /** Every counter of docs/FABRIC.md, the 64-bit extended ones and PortXmitWait included, gets its rate. */
    @Test
    void everyCounterOfTheDomainHasARateAndSaturatesAtItsOwnWidth() {
        Map<String, Long> before = new HashMap<>();
        Map<String, Long> after = new HashMap<>();
        Map<String, Long> latched = new HashMap<>();
        for (PortCounter counter : PortCounter.values()) {
            before.put(counter.ibaName(), 1L);
            after.put(counter.ibaName(), 11L);
            latched.put(counter.ibaName(), counter.max(true));
        }
        PortRates port = new PortRates();
        port.update(before, CounterWidth.EXTENDED_DATA, T0);

        PortRates.Result result = port.update(after, CounterWidth.EXTENDED_DATA, T0.plusSeconds(10));
        assertThat(result.rates()).hasSize(PortCounter.values().length)
                .allSatisfy((name, rate) -> assertThat(rate).isEqualTo(1.0));
        assertThat(result.rates()).containsKeys("PortXmitWait", "PortUnicastXmitPkts", "PortMulticastRcvPkts",
                "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped");

        PortRates.Result full = port.update(latched, CounterWidth.EXTENDED_DATA, T0.plusSeconds(20));
        assertThat(full.saturated()).hasSize(PortCounter.values().length);
        // 4-bit LocalLinkIntegrityErrors latch at 15, 64-bit extended data at 2^64 - 1.
        assertThat(PortCounter.LocalLinkIntegrityErrors.max(true)).isEqualTo(15L);
        assertThat(PortCounter.PortXmitData.max(true)).isEqualTo(-1L);
    }
}
