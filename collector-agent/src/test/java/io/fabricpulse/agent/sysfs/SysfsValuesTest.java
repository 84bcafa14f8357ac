package io.fabricpulse.agent.sysfs;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

class SysfsValuesTest {

    /** Every rate text rate_show prints for the speeds FabricPulse knows, including RoCE's emulated ones. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2.5 Gb/sec (1X SDR) | X1  | SDR",
            "10 Gb/sec (4X SDR)  | X4  | SDR",
            "10 Gb/sec (4X)      | X4  | SDR",
            "2.5 Gb/sec (1X)     | X1  | SDR",
            "20 Gb/sec (4X DDR)  | X4  | DDR",
            "40 Gb/sec (4X QDR)  | X4  | QDR",
            "40 Gb/sec (4X FDR10)| X4  | FDR10",
            "56 Gb/sec (4X FDR)  | X4  | FDR",
            "100 Gb/sec (4X EDR) | X4  | EDR",
            "25 Gb/sec (1X EDR)  | X1  | EDR",
            "300 Gb/sec (12X EDR)| X12 | EDR",
            "200 Gb/sec (4X HDR) | X4  | HDR",
            "100 Gb/sec (2X HDR) | X2  | HDR",
            "50 Gb/sec (1X HDR)  | X1  | HDR",
            "400 Gb/sec (4X NDR) | X4  | NDR",
            "800 Gb/sec (4X XDR) | X4  | XDR",
            "10 Gb/sec (1X QDR)  | X1  | QDR",
    })
    void decodesEveryRateTheKernelPrints(String text, LinkWidth width, LinkSpeed speed) throws Exception {
        LinkRate rate = SysfsValues.rate(text.strip());
        assertThat(rate.width()).isEqualTo(width);
        assertThat(rate.speed()).isEqualTo(speed);
        assertThat(rate.gbps()).isEqualTo(Double.parseDouble(text.strip().substring(0, text.indexOf(' '))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "fast", "100 Gb/sec", "100 Gb/sec (4X EDR", "100 Gb/sec (3X EDR)",
            "100 Gb/sec (4X GDR)", "100 Gbit/s (4X EDR)", "-100 Gb/sec (4X EDR)", "100 Gb/sec (4x EDR)"})
    void refusesRatesTheKernelNeverPrints(String text) {
        assertThatThrownBy(() -> SysfsValues.rate(text)).isInstanceOf(BadValueException.class)
                .hasMessageContaining("'" + text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"4: ACTIVE|4", "1: DOWN|1", "5: LinkUp|5", "2: Polling|2", "1: CA|1",
            "2: switch|2", "0: <unknown>|0", "7: Phy Test|7", "4: PortConfigurationTraining|4"})
    void readsTheCodeOfNumberedFiles(String text, int code) throws Exception {
        assertThat(SysfsValues.code(text)).isEqualTo(code);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ACTIVE", ": ACTIVE", "four: ACTIVE", "-1: DOWN", "1234: X", " 4: ACTIVE"})
    void refusesNumberedFilesWithoutALeadingCode(String text) {
        assertThatThrownBy(() -> SysfsValues.code(text)).isInstanceOf(BadValueException.class)
                .hasMessageContaining("expected 'number: name'");
    }

    @ParameterizedTest
    @CsvSource({"0x2,2", "0x0,0", "0x1a,26", "0xffff,65535", "0xBFFF,49151"})
    void readsHexLids(String text, int lid) throws Exception {
        assertThat(SysfsValues.lid(text)).isEqualTo(lid);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2", "0x", "0x10000", "banana", "0x-1", "0xg"})
    void refusesLidsThatAreNotSixteenBitHex(String text) {
        assertThatThrownBy(() -> SysfsValues.lid(text)).isInstanceOf(BadValueException.class);
    }

    @ParameterizedTest
    @CsvSource({"0,0", "65535,65535", "4294967295,4294967295", "9223372036854775807,9223372036854775807"})
    void readsCounters(String text, long value) throws Exception {
        assertThat(SysfsValues.counter(text)).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''                       | empty    | empty file",
            "-1                       | negative | negative value '-1'",
            "N/A (no PMA)             | format   | not a decimal counter value: 'N/A (no PMA)'",
            "0x10                     | format   | not a decimal counter value",
            "'7 '                     | format   | not a decimal counter value: '7 '",
            "9223372036854775808      | overflow | is beyond 2^63-1",
            "99999999999999999999999  | overflow | is beyond 2^63-1",
            "1e6                      | format   | not a decimal",
            "+5                       | format   | not a decimal"})
    void refusesCountersThatAreNotUnsignedDecimals(String text, String kind, String message) {
        assertThatThrownBy(() -> SysfsValues.counter(text))
                .isInstanceOfSatisfying(BadValueException.class, e -> assertThat(e.kind()).isEqualTo(kind))
                .hasMessageContaining(message);
    }

    @Test
    void randomTextNeverEscapesAsAnythingButBadValueException() {
        SplittableRandom random = new SplittableRandom(20240601);
        String alphabet = "0123456789xX:-+. GbsecHDRN/A()\n\t\u0000\u00ff";
        List<SysfsFiles.Parser<?>> parsers = List.of(SysfsValues::counter, SysfsValues::lid, SysfsValues::code,
                SysfsValues::rate);
        int accepted = 0;
        for (int i = 0; i < 5_000; i++) {
            StringBuilder sb = new StringBuilder();
            int length = random.nextInt(30);
            for (int j = 0; j < length; j++) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            for (SysfsFiles.Parser<?> parser : parsers) {
                try {
                    if (parser.parse(sb.toString()) == null) {
                        fail("null for " + sb);
                    }
                    accepted++;
                } catch (BadValueException expected) {
                    if (expected.getMessage().isBlank()) {
                        fail("no message for " + sb);
                    }
                }
            }
        }
        assertThat(accepted).as("some random inputs are valid values").isPositive();
    }

    @Test
    void freeTextLosesControlCharactersAndIsCapped() {
        assertThat(SysfsValues.text("evil\nnode\u0007\u001b[31m red", 64)).isEqualTo("evil node  [31m red");
        assertThat(SysfsValues.text("  host01 HCA-1  ", 64)).isEqualTo("host01 HCA-1");
        assertThat(SysfsValues.text("x".repeat(100), 64)).hasSize(64);
    }

    @Test
    void valuesShownInLogsAreEscapedAndCut() {
        assertThat(SysfsValues.show("a\nb")).isEqualTo("'a\\x0ab'");
        assertThat(SysfsValues.show("y".repeat(100))).isEqualTo("'" + "y".repeat(40) + "…'");
    }
}
