package io.fabricpulse.server.web;

import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class DisplayFormatTest {

    private final DisplayFormat utc = new DisplayFormat(ZoneOffset.UTC);

    @ParameterizedTest(name = "{0}/s reads {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0          | 0
            0.0004     | <0.001
            0.001      | 0.001
            0.0166667  | 0.0167
            0.1        | 0.1
            2.5        | 2.5
            12.345     | 12.3
            999.4      | 999
            999.5      | 1k
            1234.5     | 1.23k
            65535      | 65.5k
            2500000    | 2.5M
            """)
    void ratesHaveThreeSignificantDigitsAndSiPrefixes(double perSecond, String expected) {
        assertThat(utc.rate(perSecond)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} B/s reads {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0              | 0 B/s
            0.4            | <1 B/s
            4              | 4 B/s
            999            | 999 B/s
            1234           | 1.23 kB/s
            1000000        | 1 MB/s
            12500000000    | 12.5 GB/s
            25000000000    | 25 GB/s
            999999999999   | 1 TB/s
            """)
    void throughputUsesDecimalPrefixes(double bytesPerSecond, String expected) {
        assertThat(utc.bytesPerSecond(bytesPerSecond)).isEqualTo(expected);
    }

    @Test
    void unknownAndImpossibleValuesReadAsADash() {
        assertThat(utc.rate(null)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.rate(Double.NaN)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.rate(Double.POSITIVE_INFINITY)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.rate(-3.0)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.bytesPerSecond(null)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.bytesPerSecond(-1.0)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.time(null)).isEqualTo(DisplayFormat.MISSING);
        assertThat(utc.isoTime(null)).isNull();
    }

    @Test
    void countersShowEveryDigitWithThousandsSeparatorsAndReadUnsigned() {
        assertThat(DisplayFormat.count(0)).isEqualTo("0");
        assertThat(DisplayFormat.count(999)).isEqualTo("999");
        assertThat(DisplayFormat.count(65_535)).isEqualTo("65,535");
        assertThat(DisplayFormat.count(4_294_967_295L)).isEqualTo("4,294,967,295");
        assertThat(DisplayFormat.count(-1L)).as("a 64-bit counter at its maximum").isEqualTo("18,446,744,073,709,551,615");
    }

    @Test
    void numbersDoNotDependOnTheServerLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(utc.rate(2.5)).isEqualTo("2.5");
            assertThat(utc.bytesPerSecond(1234.0)).isEqualTo("1.23 kB/s");
            assertThat(DisplayFormat.count(1_234_567)).isEqualTo("1,234,567");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void timesReadInTheConfiguredZone() {
        Instant at = Instant.parse("2026-03-01T12:00:05Z");
        DisplayFormat berlin = new DisplayFormat(ZoneId.of("Europe/Berlin"));

        assertThat(utc.time(at)).isEqualTo("12:00:05");
        assertThat(berlin.time(at)).isEqualTo("13:00:05");
        assertThat(utc.isoTime(at)).isEqualTo("2026-03-01T12:00:05Z");
        assertThat(utc.zoneLabel()).isEqualTo("UTC");
        assertThat(new DisplayFormat(ZoneId.of("UTC")).zoneLabel()).isEqualTo("UTC");
        assertThat(berlin.zoneLabel()).isEqualTo("Europe/Berlin");
    }

    @Test
    void statesReadAsTheToolsPrintThem() {
        assertThat(utc.portState(PortState.ACTIVE)).isEqualTo("Active");
        assertThat(utc.portState(PortState.INIT)).isEqualTo("Init");
        assertThat(utc.physicalState(PhysicalState.LINK_UP)).isEqualTo("LinkUp");
        assertThat(utc.physicalState(PhysicalState.POLLING)).isEqualTo("Polling");
        assertThat(utc.link("4X", "EDR")).isEqualTo("4X EDR");
        assertThat(utc.link(null, null)).isEqualTo(DisplayFormat.MISSING);
    }

    @Test
    void agesReadInTheTwoLargestUnits() {
        java.time.Instant now = java.time.Instant.parse("2026-03-01T12:00:00Z");
        assertThat(utc.age(now.minusSeconds(42), now)).isEqualTo("42 s ago");
        assertThat(utc.age(now.minusSeconds(8 * 60 + 59), now)).isEqualTo("8 min ago");
        assertThat(utc.age(now.minusSeconds(3 * 3600 + 5 * 60), now)).isEqualTo("3 h 5 min ago");
        assertThat(utc.age(now.minusSeconds(2 * 86400 + 4 * 3600), now)).isEqualTo("2 d 4 h ago");
        assertThat(utc.age(now.plusSeconds(3), now)).as("a clock a little ahead is not the future").isEqualTo("0 s ago");
        assertThat(utc.age(null, now)).isEqualTo(DisplayFormat.MISSING);
    }
}
