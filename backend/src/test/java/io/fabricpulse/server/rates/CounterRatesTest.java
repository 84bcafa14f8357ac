package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;

import static io.fabricpulse.model.ingest.PortCounter.LinkDownedCounter;
import static io.fabricpulse.model.ingest.PortCounter.LocalLinkIntegrityErrors;
import static io.fabricpulse.model.ingest.PortCounter.PortRcvData;
import static io.fabricpulse.model.ingest.PortCounter.PortUnicastXmitPkts;
import static io.fabricpulse.model.ingest.PortCounter.PortXmitData;
import static io.fabricpulse.model.ingest.PortCounter.PortXmitDiscards;
import static io.fabricpulse.model.ingest.PortCounter.PortXmitWait;
import static io.fabricpulse.model.ingest.PortCounter.SymbolErrorCounter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class CounterRatesTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    private static CounterSample at(long value, boolean extended, long seconds) {
        return new CounterSample(value, w(extended), T0.plusSeconds(seconds), null);
    }

    private static CounterSample at(long value, CounterWidth width, long seconds) {
        return new CounterSample(value, width, T0.plusSeconds(seconds), null);
    }

    /** The port-level flag of the data/packet counters, as the table's older rows state it. */
    private static CounterWidth w(boolean extended) {
        return extended ? CounterWidth.EXTENDED_DATA : CounterWidth.BASIC;
    }

    private static CounterRate perSecond(double value) {
        return new CounterRate.PerSecond(value);
    }

    private static CounterRate saturatedSince(long seconds) {
        return new CounterRate.Saturated(T0.plusSeconds(seconds));
    }

    /** name, counter, previous baseline (null = none), new value, new extended flag, new time, expected. */
    static Stream<Arguments> table() {
        return Stream.of(
                arguments("normal rate", SymbolErrorCounter, at(10, false, 0), 30L, false, 10, perSecond(2.0)),
                arguments("no change is a zero rate", PortXmitDiscards, at(7, false, 0), 7L, false, 10, perSecond(0.0)),
                arguments("16-bit just below max is a rate", SymbolErrorCounter, at(65_500, false, 0), 65_534L, false, 1, perSecond(34.0)),
                arguments("16-bit latched at 65535", SymbolErrorCounter, at(100, false, 0), 65_535L, false, 10, saturatedSince(10)),
                arguments("8-bit latched at 255", LinkDownedCounter, at(3, false, 0), 255L, false, 10, saturatedSince(10)),
                arguments("4-bit latched at 15", LocalLinkIntegrityErrors, at(1, false, 0), 15L, false, 10, saturatedSince(10)),
                arguments("32-bit data latched at 2^32-1", PortXmitData, at(5, false, 0), 4_294_967_295L, false, 10, saturatedSince(10)),
                arguments("2^32-1 is an ordinary value of a 64-bit counter", PortXmitData, at(4_294_967_285L, true, 0), 4_294_967_295L, true, 10, perSecond(1.0)),
                arguments("reset after clear", SymbolErrorCounter, at(500, false, 0), 3L, false, 10, new CounterRate.Reset()),
                arguments("first sample", SymbolErrorCounter, null, 42L, false, 0, new CounterRate.FirstSample()),
                arguments("first sample already latched", SymbolErrorCounter, null, 65_535L, false, 0, saturatedSince(0)),
                arguments("Δt = 0", SymbolErrorCounter, at(10, false, 10), 20L, false, 10, new CounterRate.NotNewer()),
                arguments("Δt < 0 (out of order)", SymbolErrorCounter, at(10, false, 10), 20L, false, 5, new CounterRate.NotNewer()),
                arguments("32 -> 64 bit data counters", PortRcvData, at(100, false, 0), 200L, true, 10, new CounterRate.WidthChanged()),
                arguments("64 -> 32 bit data counters", PortRcvData, at(100, true, 0), 200L, false, 10, new CounterRate.WidthChanged()),
                arguments("extended flag does not change an error counter's width", SymbolErrorCounter, at(100, false, 0), 110L, true, 10, perSecond(1.0)),
                arguments("64-bit across Long.MAX_VALUE", PortUnicastXmitPkts, at(Long.MAX_VALUE - 5, true, 0), Long.MIN_VALUE + 4, true, 1, perSecond(10.0)),
                arguments("64-bit delta above Long.MAX_VALUE", PortXmitData, at(0, true, 0), -2L, true, 1, perSecond(18_446_744_073_709_551_614.0)),
                arguments("64-bit latched at 2^64-1", PortXmitData, at(0, true, 0), -1L, true, 10, saturatedSince(10)),
                arguments("64-bit reset from above Long.MAX_VALUE", PortXmitData, at(-10, true, 0), 5L, true, 10, new CounterRate.Reset()),
                arguments("65535 is an ordinary value of a 64-bit error counter", SymbolErrorCounter,
                        at(65_530, CounterWidth.EXTENDED_ALL, 0), 65_535L, CounterWidth.EXTENDED_ALL, 5, perSecond(1.0)),
                arguments("a 64-bit error counter above 16 bits", SymbolErrorCounter,
                        at(70_000, CounterWidth.EXTENDED_ALL, 0), 70_010L, CounterWidth.EXTENDED_ALL, 10, perSecond(1.0)),
                arguments("a 64-bit error counter latched at 2^64-1", SymbolErrorCounter,
                        at(5, CounterWidth.EXTENDED_ALL, 0), -1L, CounterWidth.EXTENDED_ALL, 10, saturatedSince(10)),
                arguments("PortXmitWait at 64 bits: 2^32-1 is a value", PortXmitWait,
                        at(4_294_967_285L, CounterWidth.EXTENDED_ALL, 0), 4_294_967_295L, CounterWidth.EXTENDED_ALL, 10,
                        perSecond(1.0)),
                arguments("16 -> 64 bit error counter", SymbolErrorCounter, at(100, CounterWidth.EXTENDED_DATA, 0), 200L,
                        CounterWidth.EXTENDED_ALL, 10, new CounterRate.WidthChanged()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void ratesFollowTheDomainRules(String name, PortCounter counter, CounterSample previous, long value, Object width,
                                   long seconds, CounterRate expected) {
        CounterWidth sampleWidth = width instanceof CounterWidth given ? given : w((Boolean) width);
        CounterRates.Step step = CounterRates.next(counter, previous, value, sampleWidth, T0.plusSeconds(seconds));

        assertThat(step.rate()).isEqualTo(expected);
    }

    @Test
    void subSecondIntervalsUseTheFullPrecisionOfTheCollectionTimes() {
        CounterRates.Step step = CounterRates.next(SymbolErrorCounter, at(0, false, 0), 1, w(false),
                T0.plus(Duration.ofMillis(500)));

        assertThat(step.rate()).isEqualTo(perSecond(2.0));
    }

    @Test
    void saturationRemembersWhenItStartedWhileTheCounterStaysLatched() {
        CounterRates.Step first = CounterRates.next(SymbolErrorCounter, at(100, false, 0), 65_535, w(false), T0.plusSeconds(10));
        CounterRates.Step second = CounterRates.next(SymbolErrorCounter, first.baseline(), 65_535, w(false), T0.plusSeconds(20));

        assertThat(second.rate()).isEqualTo(saturatedSince(10));
    }

    @Test
    void aClearEndsSaturationAndTheIntervalAfterTheResetIsNormal() {
        CounterRates.Step latched = CounterRates.next(SymbolErrorCounter, at(100, false, 0), 65_535, w(false), T0.plusSeconds(10));
        CounterRates.Step cleared = CounterRates.next(SymbolErrorCounter, latched.baseline(), 2, w(false), T0.plusSeconds(20));
        CounterRates.Step after = CounterRates.next(SymbolErrorCounter, cleared.baseline(), 12, w(false), T0.plusSeconds(30));

        assertThat(cleared.rate()).isEqualTo(new CounterRate.Reset());
        assertThat(cleared.baseline().saturatedSince()).isNull();
        assertThat(after.rate()).isEqualTo(perSecond(1.0));
    }

    @Test
    void anOutOfOrderSampleLeavesTheBaselineAlone() {
        CounterSample baseline = at(10, false, 10);

        CounterRates.Step late = CounterRates.next(SymbolErrorCounter, baseline, 99, w(false), T0.plusSeconds(5));

        assertThat(late.baseline()).isSameAs(baseline);
    }

    @Test
    void intervalsOfCenturiesDoNotOverflow() {
        CounterSample ancient = new CounterSample(0, CounterWidth.BASIC, Instant.parse("1000-01-01T00:00:00Z"), null);

        CounterRates.Step step = CounterRates.next(SymbolErrorCounter, ancient, 10, w(false), T0);

        assertThat(step.rate()).isInstanceOf(CounterRate.PerSecond.class);
        assertThat(((CounterRate.PerSecond) step.rate()).value()).isPositive().isLessThan(1e-9);
    }

    @Test
    void unsignedConversionIsExactAtTheEdges() {
        assertThat(CounterRates.unsignedAsDouble(0)).isZero();
        assertThat(CounterRates.unsignedAsDouble(Long.MAX_VALUE)).isEqualTo(9.223372036854775807E18);
        assertThat(CounterRates.unsignedAsDouble(Long.MIN_VALUE)).isEqualTo(9.223372036854775808E18);
        assertThat(CounterRates.unsignedAsDouble(-1L)).isEqualTo(1.8446744073709551615E19);
    }
}
