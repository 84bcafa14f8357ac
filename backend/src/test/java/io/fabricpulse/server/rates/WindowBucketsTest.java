package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.fabricpulse.model.ingest.PortCounter.LinkDownedCounter;
import static io.fabricpulse.model.ingest.PortCounter.PortXmitData;
import static io.fabricpulse.model.ingest.PortCounter.PortXmitDiscards;
import static io.fabricpulse.model.ingest.PortCounter.SymbolErrorCounter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The windows of one port as timelines: samples at known times, windows read at known times. */
class WindowBucketsTest {

    /** On a 4-hour boundary, so every ring's buckets start here. */
    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final LinkContext EDR_4X = new LinkContext(LinkWidth.X4, LinkSpeed.EDR, null);

    private final PortRates rates = new PortRates();
    private final WindowBuckets windows = new WindowBuckets();
    private Instant last;

    /** One sample of the port, as the live fabric records it. */
    private void sample(long secondsAfterT0, Map<String, Long> counters) {
        Instant at = T0.plusSeconds(secondsAfterT0);
        PortRates.Result result = rates.update(counters, CounterWidth.EXTENDED_DATA, at);
        if (last != null) {
            windows.record(last, at, result);
        }
        last = at;
    }

    private WindowRates at(long secondsAfterT0, RateWindow window) {
        return windows.window(window, T0.plusSeconds(secondsAfterT0), EDR_4X);
    }

    @Test
    void aSteadyCounterHasTheSameRateInEveryWindow() {
        // +6 symbol errors every 10 s for 10 minutes: 0.6/s.
        for (int s = 0; s <= 600; s += 10) {
            sample(s, Map.of("SymbolErrorCounter", 6L * s / 10));
        }

        assertThat(at(600, RateWindow.ONE_MINUTE).counters().get(SymbolErrorCounter))
                .isEqualTo(new CounterWindow(36, 0.6, false));
        assertThat(at(600, RateWindow.ONE_MINUTE).coveredSeconds()).isEqualTo(60.0);
        assertThat(at(600, RateWindow.FIVE_MINUTES).counters().get(SymbolErrorCounter))
                .isEqualTo(new CounterWindow(180, 0.6, false));
        // The 1 h and 24 h windows reach back before the first sample: only 600 s are covered.
        for (RateWindow longer : new RateWindow[] {RateWindow.ONE_HOUR, RateWindow.ONE_DAY}) {
            WindowRates w = at(600, longer);
            assertThat(w.coveredSeconds()).as(longer.label()).isEqualTo(600.0);
            assertThat(w.counters().get(SymbolErrorCounter).increase()).as(longer.label()).isCloseTo(360, within(1e-3));
            assertThat(w.perSecond(SymbolErrorCounter)).as(longer.label()).isCloseTo(0.6, within(1e-6));
        }
    }

    @Test
    void countersThatStartGrowingLaterKeepEveryCountersSumsInEveryRing() {
        // Traffic from the start; symbol errors from 300 s, discards (an earlier column) from 420 s.
        for (int s = 0; s <= 600; s += 10) {
            sample(s, Map.of("PortXmitData", 100L * s,
                    "SymbolErrorCounter", s < 300 ? 0L : 2L * (s - 300) / 10,
                    "PortXmitDiscards", s < 420 ? 0L : 3L * (s - 420) / 10));
        }

        WindowRates five = at(600, RateWindow.FIVE_MINUTES);
        assertThat(five.counters().get(PortXmitData).increase()).isCloseTo(30_000, within(1e-1));
        assertThat(five.counters().get(SymbolErrorCounter).increase()).isCloseTo(60, within(1e-3));
        assertThat(five.counters().get(PortXmitDiscards).increase()).isCloseTo(54, within(1e-3));
        for (RateWindow longer : new RateWindow[] {RateWindow.ONE_HOUR, RateWindow.ONE_DAY}) {
            WindowRates w = at(600, longer);
            assertThat(w.counters().get(PortXmitData).increase()).as(longer.label()).isCloseTo(60_000, within(1.0));
            assertThat(w.counters().get(SymbolErrorCounter).increase()).as(longer.label()).isCloseTo(60, within(1e-3));
            assertThat(w.counters().get(PortXmitDiscards).increase()).as(longer.label()).isCloseTo(54, within(1e-3));
        }
    }

    @Test
    void aSilentPortAgesOutOfItsWindowsAndTheOldestBucketCountsByItsShare() {
        for (int s = 0; s <= 600; s += 10) {
            sample(s, Map.of("SymbolErrorCounter", 6L * s / 10));
        }

        // 100 s after the last sample the 1 min window holds nothing of it.
        assertThat(at(700, RateWindow.ONE_MINUTE).coveredSeconds()).isZero();
        assertThat(at(700, RateWindow.ONE_MINUTE).counters()).isEmpty();
        // The 5 min window [400, 700] takes the minute [360, 420) by its share 20/60, then [420, 600) whole.
        WindowRates five = at(700, RateWindow.FIVE_MINUTES);
        assertThat(five.coveredSeconds()).isCloseTo(20 + 180, within(1e-9));
        assertThat(five.counters().get(SymbolErrorCounter).increase()).isCloseTo(12 + 108, within(1e-3));
        assertThat(five.end()).isEqualTo(T0.plusSeconds(700));
    }

    @Test
    void aCounterIsInTheWindowsThatHoldAnIntervalWithItsRate() {
        // Ten minutes with SymbolErrorCounter and PortXmitDiscards, then ten with PortXmitDiscards and
        // LinkDownedCounter (an agent that reads other counters now).
        for (int s = 0; s <= 600; s += 10) {
            sample(s, Map.of("SymbolErrorCounter", 0L, "PortXmitDiscards", (long) s));
        }
        for (int s = 610; s <= 1200; s += 10) {
            sample(s, Map.of("PortXmitDiscards", (long) s, "LinkDownedCounter", 0L));
        }

        WindowRates minute = at(1200, RateWindow.ONE_MINUTE);
        assertThat(minute.counters()).containsOnlyKeys(PortXmitDiscards, LinkDownedCounter);
        assertThat(minute.counters().get(PortXmitDiscards)).isEqualTo(new CounterWindow(60, 1.0, false));
        assertThat(minute.counters().get(LinkDownedCounter)).isEqualTo(new CounterWindow(0, 0.0, false));
        WindowRates hour = at(1200, RateWindow.ONE_HOUR);
        assertThat(hour.counters()).containsOnlyKeys(SymbolErrorCounter, PortXmitDiscards, LinkDownedCounter);
        assertThat(hour.counters().get(PortXmitDiscards).increase()).isCloseTo(1200, within(1e-3));
        // Ten minutes on, the one-minute window no longer reaches the older set; the hour still does.
        sample(1800, Map.of("PortXmitDiscards", 1800L, "LinkDownedCounter", 0L));
        assertThat(at(1800, RateWindow.FIVE_MINUTES).counters()).containsOnlyKeys(PortXmitDiscards, LinkDownedCounter);
        assertThat(at(1800, RateWindow.ONE_HOUR).counters()).containsKey(SymbolErrorCounter);
    }

    @Test
    void anIntervalWithAResetContributesNothing() {
        sample(0, Map.of("SymbolErrorCounter", 100L, "PortXmitDiscards", 0L));
        sample(10, Map.of("SymbolErrorCounter", 160L, "PortXmitDiscards", 10L));
        sample(20, Map.of("SymbolErrorCounter", 5L, "PortXmitDiscards", 20L));   // cleared
        sample(30, Map.of("SymbolErrorCounter", 65L, "PortXmitDiscards", 30L));

        WindowRates w = at(30, RateWindow.ONE_MINUTE);
        assertThat(w.coveredSeconds()).isEqualTo(20.0);
        assertThat(w.counters().get(SymbolErrorCounter)).isEqualTo(new CounterWindow(120, 6.0, false));
        // The whole interval is dropped, also for the counter that was not cleared: same seconds for all.
        assertThat(w.counters().get(PortXmitDiscards)).isEqualTo(new CounterWindow(20, 1.0, false));
    }

    @Test
    void aLatchedCounterIsSaturatedInTheWindowWithNoRateWhileTheOthersKeepTheirs() {
        sample(0, Map.of("SymbolErrorCounter", 100L, "PortXmitDiscards", 0L));
        sample(10, Map.of("SymbolErrorCounter", 200L, "PortXmitDiscards", 10L));
        sample(20, Map.of("SymbolErrorCounter", 65_535L, "PortXmitDiscards", 20L));
        sample(30, Map.of("SymbolErrorCounter", 65_535L, "PortXmitDiscards", 30L));

        WindowRates w = at(30, RateWindow.ONE_MINUTE);
        assertThat(w.counters().get(SymbolErrorCounter)).isEqualTo(new CounterWindow(100, null, true));
        assertThat(w.counters().get(PortXmitDiscards)).isEqualTo(new CounterWindow(30, 1.0, false));
        // Once the latched minute is out of the window, the counter is not reported at all.
        assertThat(at(150, RateWindow.ONE_MINUTE).counters()).doesNotContainKey(SymbolErrorCounter);
        assertThat(at(30, RateWindow.ONE_DAY).counters().get(SymbolErrorCounter).saturated()).isTrue();
    }

    @Test
    void theSecondsAPortCoveredStayWhatTheyWereWhenAClearLeavesItsFirstHole() {
        // 1 error/s, a sample every 10 s for 5 h 10 min; cleared once at 5 h 40 s: [5 h 30 s, 5 h 40 s] is a hole.
        long errors = 0;
        for (long s = 0; s <= 18_600; s += 10) {
            sample(s, Map.of("SymbolErrorCounter", s == 18_040 ? 3L : errors));
            errors = s == 18_040 ? 13 : errors + 10;
            if (s == 18_030 || s == 18_060) { // one run so far, then the hole inside the minute
                assertThat(at(s, RateWindow.ONE_MINUTE).coveredSeconds()).isEqualTo(s == 18_030 ? 60.0 : 50.0);
            }
        }

        assertThat(at(18_600, RateWindow.ONE_MINUTE).coveredSeconds()).isEqualTo(60.0);
        assertThat(at(18_600, RateWindow.FIVE_MINUTES).coveredSeconds()).isEqualTo(300.0);
        // The oldest 15 min bucket counts by its third inside the hour: 300 + 3 x 900 + (600 - 10) of the newest.
        assertThat(at(18_600, RateWindow.ONE_HOUR).coveredSeconds()).isEqualTo(3_590.0);
        WindowRates day = at(18_600, RateWindow.ONE_DAY);
        assertThat(day.coveredSeconds()).isEqualTo(18_590.0);
        assertThat(day.perSecond(SymbolErrorCounter)).isCloseTo(1.0, within(1e-3));
    }

    @Test
    void aGapIsSpreadOverTheTimeItCoversAndWhatIsOlderThanARingIsDropped() {
        // One hour without samples, 3600 errors: 1/s, spread evenly.
        sample(0, Map.of("SymbolErrorCounter", 0L));
        sample(3_600, Map.of("SymbolErrorCounter", 3_600L));

        assertThat(at(3_600, RateWindow.ONE_MINUTE).counters().get(SymbolErrorCounter))
                .isEqualTo(new CounterWindow(60, 1.0, false));
        // The minute ring reaches back 6 minutes only: the 5 min window is whole, nothing more is kept.
        assertThat(at(3_600, RateWindow.FIVE_MINUTES).counters().get(SymbolErrorCounter))
                .isEqualTo(new CounterWindow(300, 1.0, false));
        assertThat(at(3_600, RateWindow.ONE_HOUR).counters().get(SymbolErrorCounter))
                .isEqualTo(new CounterWindow(3_600, 1.0, false));
        assertThat(at(3_600, RateWindow.ONE_DAY).coveredSeconds()).isEqualTo(3_600.0);
    }

    @Test
    void aDayLaterTheHourWindowHoldsOnlyTheLastHour() {
        // 1 error/s for the first 6 h, then none; a sample every minute for 30 h.
        long errors = 0;
        for (long s = 0; s <= 30 * 3_600; s += 60) {
            sample(s, Map.of("SymbolErrorCounter", errors));
            if (s < 6 * 3_600) {
                errors += 60;
            }
        }

        assertThat(at(30 * 3_600, RateWindow.ONE_HOUR).perSecond(SymbolErrorCounter)).isZero();
        WindowRates day = at(30 * 3_600, RateWindow.ONE_DAY);
        assertThat(day.coveredSeconds()).isCloseTo(86_400, within(1e-6));
        // The window starts at 6 h, halfway into the 4-hour bucket [4 h, 8 h) that holds 7200 errors:
        // counted by its share, 3600. The documented approximation of the oldest bucket.
        assertThat(day.counters().get(SymbolErrorCounter).increase()).isCloseTo(3_600, within(1e-2));
    }

    @Test
    void anIntervalThatIsNotNewerIsIgnored() {
        sample(0, Map.of("PortXmitDiscards", 0L));
        sample(20, Map.of("PortXmitDiscards", 20L));
        PortRates other = new PortRates();
        other.update(Map.of("PortXmitDiscards", 0L), CounterWidth.EXTENDED_DATA, T0);
        windows.record(T0, T0.plusSeconds(10), other.update(Map.of("PortXmitDiscards", 1_000L), CounterWidth.EXTENDED_DATA, T0.plusSeconds(10)));

        assertThat(at(20, RateWindow.ONE_MINUTE).counters().get(PortXmitDiscards)).isEqualTo(new CounterWindow(20, 1.0, false));
    }

    @Test
    void windowsEndAtTheLatestSampleWhenTheAgentsClockIsAhead() {
        sample(0, Map.of("PortXmitDiscards", 0L));
        sample(60, Map.of("PortXmitDiscards", 60L));

        WindowRates w = at(30, RateWindow.ONE_MINUTE);
        assertThat(w.end()).isEqualTo(T0.plusSeconds(60));
        assertThat(w.perSecond(PortXmitDiscards)).isEqualTo(1.0);
    }

    @Test
    void derivedMetricsOfAWindowComeFromItsRatesAndTheLink() {
        // 1e9 words/s on EDR 4X: 4e9 B/s = 32 % of 100 Gb/s.
        for (long s = 0; s <= 300; s += 10) {
            sample(s, Map.of("PortXmitData", 1_000_000_000L * s, "SymbolErrorCounter", s / 100));
        }

        // Closed buckets keep 11 significant bits (pack): within 2^-11 of the rate.
        WindowRates w = at(300, RateWindow.FIVE_MINUTES);
        assertThat(w.perSecond(PortXmitData)).isCloseTo(1e9, within(1e9 / 2048));
        assertThat(w.derived().xmitBytesPerSecond()).isCloseTo(4e9, within(4e9 / 2048));
        assertThat(w.derived().xmitUtilisation()).isCloseTo(0.32, within(0.32 / 2048));
        // 3 symbol errors in 300 s on 100e9 b/s: 1e-13.
        assertThat(w.derived().symbolErrorBer()).isCloseTo(1e-13, within(1e-18));
    }

    @Test
    void closedBucketsKeepWholeCountsUpTo2048AndElseElevenSignificantBits() {
        for (int count = 0; count <= 2_048; count++) {
            assertThat(WindowBuckets.unpack(WindowBuckets.pack(count))).isEqualTo((float) count);
        }
        assertThat(WindowBuckets.unpack(WindowBuckets.pack(0.5f))).isEqualTo(0.5f);
        java.util.Random random = new java.util.Random(19);
        for (int i = 0; i < 100_000; i++) {
            // Anything from a fraction of an error to 4 h of 4-byte words at 800 Gb/s (3.6e14).
            float increase = (float) Math.pow(10, -3 + 17.5 * random.nextDouble());
            assertThat(WindowBuckets.unpack(WindowBuckets.pack(increase)))
                    .isCloseTo(increase, within(increase / 2_048));
        }
        // Below 2^-14 of a count is nothing; beyond ~1.1e15 stays the largest, never wraps to small.
        assertThat(WindowBuckets.unpack(WindowBuckets.pack(0x1p-15f))).isZero();
        assertThat(WindowBuckets.unpack(WindowBuckets.pack(1e18f))).isGreaterThan(1e15f);
        assertThat(WindowBuckets.unpack(WindowBuckets.pack(Float.POSITIVE_INFINITY))).isGreaterThan(1e15f);
    }

    @Test
    void aBucketClosesOnceItsRingMovesOnAndKeepsItsIncreaseToElevenBits() {
        // 12,345 discards a second: a minute bucket holds 740,700, not a whole number of 2^9 quanta.
        for (long s = 0; s <= 180; s += 10) {
            sample(s, Map.of("PortXmitDiscards", 12_345L * s));
        }
        WindowRates five = at(180, RateWindow.FIVE_MINUTES);
        assertThat(five.counters().get(PortXmitDiscards).increase()).isCloseTo(12_345.0 * 180, within(12_345.0 * 180 / 2_048));
        assertThat(five.coveredSeconds()).isEqualTo(180.0);
    }

    @Test
    void anEmptyPortHasEmptyWindows() {
        for (RateWindow window : RateWindow.values()) {
            WindowRates w = windows.window(window, T0, EDR_4X);
            assertThat(w.counters()).isEmpty();
            assertThat(w.coveredSeconds()).isZero();
            assertThat(w.derived().xmitBytesPerSecond()).isNull();
        }
        assertThat(RateWindow.ofLabel("24h")).isEqualTo(RateWindow.ONE_DAY);
        assertThat(RateWindow.ofLabel("2h")).isNull();
    }

    /** Every counter of docs/FABRIC.md passes through the windows with its rate. */
    @Test
    void everyCounterIsWindowed() {
        Map<String, Long> zero = new java.util.HashMap<>();
        Map<String, Long> ten = new java.util.HashMap<>();
        for (PortCounter counter : PortCounter.values()) {
            zero.put(counter.ibaName(), 0L);
            ten.put(counter.ibaName(), 10L);
        }
        sample(0, zero);
        sample(10, ten);

        WindowRates w = at(10, RateWindow.ONE_MINUTE);
        assertThat(w.counters()).hasSize(PortCounter.values().length);
        w.counters().values().forEach(c -> assertThat(c.perSecond()).isEqualTo(1.0));
    }
}
