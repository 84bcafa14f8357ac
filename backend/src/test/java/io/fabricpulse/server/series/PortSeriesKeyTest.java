package io.fabricpulse.server.series;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PortSeriesKeyTest {

    @Test
    void oneSpellingPerGuid() {
        PortSeriesKey upper = new PortSeriesKey("0X0002C90300317810", 1);

        assertThat(upper.nodeGuid()).isEqualTo("0x0002c90300317810");
        assertThat(upper).isEqualTo(new PortSeriesKey("0x0002c90300317810", 1));
        assertThat(upper.guidDigits()).isEqualTo("0002c90300317810");
        assertThat(upper).hasToString("0x0002c90300317810[1]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0x", "0x0002c9030031781", "0x0002c903003178100", "0002c90300317810",
            "0x0002c9030031781g", " 0x0002c90300317810", "0x0002c90300317810\n", "0x٠٠٠٢c90300317810",
            "../../etc/passwd", "0x0002c903'; DROP", "0x0002c90300317810/1"})
    void aGuidThatIsNotOneIsRefusedNamingIt(String guid) {
        assertThatThrownBy(() -> new PortSeriesKey(guid, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("node GUID must be 0x followed by 16 hex digits")
                .hasMessageNotContaining("\n");
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 255, 256, Integer.MAX_VALUE, Integer.MIN_VALUE})
    void portNumbersOutsideTheIbaRangeAreRefused(int port) {
        assertThatThrownBy(() -> new PortSeriesKey("0x0002c90300317810", port))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port number must be 0..254, got " + port + " (node 0x0002c90300317810)");
    }

    @Test
    void portsSortByGuidThenNumber() {
        assertThat(new PortSeriesKey("0x0000000000000002", 1)).isGreaterThan(new PortSeriesKey("0x0000000000000001", 9));
        assertThat(new PortSeriesKey("0x0000000000000001", 10)).isGreaterThan(new PortSeriesKey("0x0000000000000001", 9));
    }

    @RepeatedTest(5)
    void randomTextIsEitherAGuidOrAPreciseRefusal() {
        Random random = new Random();
        for (int i = 0; i < 500; i++) {
            int length = random.nextInt(24);
            StringBuilder text = new StringBuilder(random.nextBoolean() ? "0x" : "");
            for (int c = 0; c < length; c++) {
                text.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x3000) : "0123456789abcdefABCDEFx".charAt(
                        random.nextInt(23)));
            }
            try {
                PortSeriesKey key = new PortSeriesKey(text.toString(), random.nextInt(255));
                assertThat(key.nodeGuid()).matches("0x[0-9a-f]{16}");
            } catch (IllegalArgumentException e) {
                assertThat(e.getMessage()).startsWith("node GUID must be").doesNotContainPattern("\\p{Cntrl}");
            }
        }
    }
}
