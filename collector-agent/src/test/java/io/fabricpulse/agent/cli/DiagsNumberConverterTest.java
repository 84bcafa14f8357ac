package io.fabricpulse.agent.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DiagsNumberConverterTest {

    private final DiagsNumberConverter converter = new DiagsNumberConverter();

    @ParameterizedTest
    @CsvSource({"2,2", "0x1a,26", "0X1A,26", "010,8", "0,0", "49151,49151", "0xbfff,49151"})
    void readsNumbersAsStrtolWithBaseZeroDoes(String text, int expected) {
        assertThat(converter.convert(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "2abc", "", " 2", "-1", "+2", "0x", "08", "#1f", "99999999999", "1.5"})
    void rejectsWhatPerfqueryWouldSilentlyMisreadAndNamesIt(String text) {
        assertThatThrownBy(() -> converter.convert(text)).isInstanceOf(TypeConversionException.class)
                .hasMessage("'" + text + "' is not a number (decimal, 0x hex or 0-prefixed octal)");
    }
}
