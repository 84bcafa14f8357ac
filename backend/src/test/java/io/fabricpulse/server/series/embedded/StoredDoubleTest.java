package io.fabricpulse.server.series.embedded;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class StoredDoubleTest {

    @Test
    void unknownIsStoredAsZeroBytes() {
        assertThat(StoredDouble.encode(Double.NaN)).isZero();
        assertThat(StoredDouble.decode(0)).isNaN();
    }

    @Test
    void everyBitPatternReadsBackAsWritten() {
        SplittableRandom random = new SplittableRandom(7);
        double[] special = {0.0, -0.0, 1.0, Double.MAX_VALUE, Double.MIN_VALUE, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(-1L)};
        for (double value : special) {
            assertThat(Double.doubleToRawLongBits(StoredDouble.decode(StoredDouble.encode(value))))
                    .isEqualTo(Double.doubleToRawLongBits(value));
        }
        for (int i = 0; i < 100_000; i++) {
            long bits = random.nextLong();
            assertThat(StoredDouble.encode(StoredDouble.decode(bits))).isEqualTo(bits);
        }
    }
}
