package io.fabricpulse.model.ingest;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class GuidsTest {

    @ParameterizedTest
    @ValueSource(strings = {"0x0002c903003178f0", "0x0000000000000000", "0xffffffffffffffff", "0x0123456789abcdef"})
    void theOneTextFormIsCanonical(String guid) {
        assertThat(Guids.isCanonical(guid)).isTrue();
        assertThat(Guids.format(Guids.parse(guid))).isEqualTo(guid);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "0x", "0x0002C903003178F0", "0X0002c903003178f0", "0002c903003178f0", "0x0002c903003178f",
            "0x0002c903003178f00", "0x0002c903003178fg", "0x0002:c903:0031:78f0", " 0x0002c903003178f0",
            "0x0002c903003178f\n", "0x٠٠٠٢c903003178f0", "0x0002c903003178f/", "0x0002c903003178f:", "0x0002c903003178f`"})
    void everyOtherSpellingIsNot(String text) {
        assertThat(Guids.isCanonical(text)).as("%s", text).isFalse();
    }
}
