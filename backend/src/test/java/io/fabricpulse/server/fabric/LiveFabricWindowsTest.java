package io.fabricpulse.server.fabric;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.rates.DerivedMetric;
import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.PortWindows;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.rates.RatesProperties;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The live fabric's derived metrics and windows, on a clock the test moves. */
class LiveFabricWindowsTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String A = "0x0002c903000000a1";
    private static final String B = "0x0002c903000000b2";
    private static final String C = "0x0002c903000000c3";

    private final MutableClock clock = new MutableClock(T0);
    /** TestBatches' hosts are MT4123 HCAs on 4X EDR links (100 Gb/s of data). */
    private final LiveFabric fabric = liveFabric()
            .ratesProperties(new RatesProperties(Map.of("MT4123", Duration.ofNanos(1_000)), null)).clock(clock).build();
    private long sequence;

    private void push(String guid, long secondsAfterT0, Map<String, Long> counters) {
        fabric.apply(oneHostPort("agent-" + guid, ++sequence, T0.plusSeconds(secondsAfterT0), guid, counters));
    }

    @Test
    void theLatestIntervalCarriesTheDerivedMetrics() {
        push(A, 0, Map.of("PortXmitData", 0L, "PortXmitWait", 0L, "SymbolErrorCounter", 0L, "PortXmitPkts", 0L));
        // 10 s: 1e10 words = 4e10 B = 4e9 B/s = 32 % of 100 Gb/s; 2.5e6 ticks of 1 us = 2.5 s stalled = 25 %.
        push(A, 10, Map.of("PortXmitData", 10_000_000_000L, "PortXmitWait", 2_500_000L, "SymbolErrorCounter", 1L,
                "PortXmitPkts", 5_000L));

        PortView port = fabric.ports().getFirst();
        assertThat(port.derived().linkDataRateBitsPerSecond()).isEqualTo(100e9);
        assertThat(port.derived().xmitUtilisation()).isCloseTo(0.32, within(1e-12));
        assertThat(port.derived().xmitWaitShare()).isCloseTo(0.25, within(1e-12));
        assertThat(port.derived().xmitPacketsPerSecond()).isEqualTo(500.0);
        // 0.1 errors/s over 100e9 b/s.
        assertThat(port.derived().symbolErrorBer()).isCloseTo(1e-12, within(1e-24));
    }

    @Test
    void withoutAKnownTickXmitWaitStaysRawTicks() {
        LiveFabric plain = liveFabric().clock(clock).build();
        plain.apply(oneHostPort("h", 1, T0, A, Map.of("PortXmitWait", 0L)));
        plain.apply(oneHostPort("h", 2, T0.plusSeconds(10), A, Map.of("PortXmitWait", 1_000L)));

        PortView port = plain.ports().getFirst();
        assertThat(port.rates()).containsEntry("PortXmitWait", 100.0);
        assertThat(port.derived().xmitWaitShare()).isNull();
    }

    @Test
    void windowsOfAPortFollowTheClockAndUnknownPortsHaveNone() {
        for (int s = 0; s <= 120; s += 10) {
            push(A, s, Map.of("PortXmitDiscards", 2L * s));
        }
        clock.set(T0.plusSeconds(120));

        PortWindows windows = fabric.windows(A, 1).orElseThrow();
        assertThat(windows.windows()).containsOnlyKeys(RateWindow.values());
        assertThat(windows.windows().get(RateWindow.ONE_MINUTE).perSecond(PortCounter.PortXmitDiscards)).isEqualTo(2.0);
        assertThat(fabric.windows(A, 2)).isEmpty();
        assertThat(fabric.windows(B, 1)).isEmpty();

        clock.advance(Duration.ofMinutes(2));
        assertThat(fabric.windows(A, 1).orElseThrow().windows().get(RateWindow.ONE_MINUTE).counters()).isEmpty();
        assertThat(fabric.windows(A, 1).orElseThrow().windows().get(RateWindow.FIVE_MINUTES)
                .perSecond(PortCounter.PortXmitDiscards)).isEqualTo(2.0);
    }

    @Test
    void worstPortsRankByACounterOrADerivedMetricOverAWindow() {
        for (int s = 0; s <= 60; s += 10) {
            push(A, s, Map.of("PortXmitDiscards", 1L * s, "PortXmitData", 100_000_000L * s));
            push(B, s, Map.of("PortXmitDiscards", 5L * s, "PortXmitData", 0L));
            push(C, s, Map.of("PortXmitDiscards", 3L * s));
        }
        clock.set(T0.plusSeconds(60));

        List<RankedPort> discards = fabric.worst(new PortMetric.Counter(PortCounter.PortXmitDiscards),
                RateWindow.ONE_MINUTE, 2);
        assertThat(discards).extracting(RankedPort::nodeGuid).containsExactly(B, C);
        assertThat(discards.getFirst().value()).isEqualTo(5.0);
        assertThat(discards.getFirst().coveredSeconds()).isEqualTo(60.0);
        assertThat(discards.getFirst().peerGuid()).isEqualTo("0x0002c90200410d02");

        // 1e8 words/s = 4e8 B/s = 3.2e9 b/s = 3.2 % of EDR 4X; C has no data counter and is not ranked.
        List<RankedPort> load = fabric.worst(new PortMetric.Derived(DerivedMetric.XmitUtilisation),
                RateWindow.FIVE_MINUTES, 10);
        assertThat(load).extracting(RankedPort::nodeGuid).containsExactly(A, B);
        assertThat(load.getFirst().value()).isCloseTo(0.032, within(1e-9));
    }
}
