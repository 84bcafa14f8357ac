package io.fabricpulse.agent.spool;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteSizeTest {

    @ParameterizedTest
    @CsvSource({
            "1048576, 1048576",
            "512B, 512",
            "64K, 65536",
            "64KiB, 65536",
            "64kb, 64000",
            "256MiB, 268435456",
            "256 MiB, 268435456",
            "256M, 268435456",
            "500MB, 500000000",
            "1G, 1073741824",
            "2GB, 2000000000",
            "1TiB, 1099511627776",
    })
    void parsesWhatOperatorsWrite(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "MiB", "-1", "1.5G", "12 parsecs", "1Ki", "1e9", "999999999999999T", "1 2"})
    void rejectsWhatIsNotASize(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }

    @Test
    void formatsForPeople() {
        assertThat(ByteSize.format(812)).isEqualTo("812 bytes");
        assertThat(ByteSize.format(2048)).isEqualTo("2 KiB");
        assertThat(ByteSize.format(268_435_456)).isEqualTo("256 MiB");
        assertThat(ByteSize.format(1_610_612_736)).isEqualTo("1.5 GiB");
        assertThat(ByteSize.format(Long.MAX_VALUE)).isEqualTo("8388608 TiB");
    }
}
