package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PackedLongsTest {

    private static final int COUNTERS = PortCounter.values().length;

    @Test
    void readsBackWhatWasSetInAnyOrderAsAPlainArrayWouldForTwoSetsOfCountersSideBySide() {
        Random random = new Random(19);
        int indexes = 2 * COUNTERS; // a port's baselines, then its rates: past 32, so the slot bits are a long's
        for (int round = 0; round < 200; round++) {
            PackedLongs packed = new PackedLongs();
            long[] plain = new long[indexes];
            for (int step = 0; step < 100; step++) {
                int i = random.nextInt(indexes);
                long value = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> -1; // an unsigned 64-bit counter at its maximum
                    default -> random.nextLong(1, 1L << 40);
                };
                if (random.nextInt(8) == 0) {
                    packed.reserve(random.nextLong(1L << indexes)); // slots made ahead hold 0 until set
                }
                packed.set(i, value);
                plain[i] = value;
                for (int any = 0; any < indexes; any++) {
                    assertThat(packed.get(any)).as("index %d after step %d", any, step).isEqualTo(plain[any]);
                }
            }
            assertThat(packed.unpacked(0)).containsExactly(java.util.Arrays.copyOfRange(plain, 0, COUNTERS));
            assertThat(packed.unpacked(COUNTERS)).containsExactly(java.util.Arrays.copyOfRange(plain, COUNTERS, indexes));
        }
    }

    @Test
    void countersAtZeroReadAsZeroWithoutASlotAndACounterBackAtZeroReadsZero() {
        PackedLongs packed = new PackedLongs();
        packed.set(PortCounter.SymbolErrorCounter.ordinal(), 0);
        packed.set(PortCounter.PortXmitData.ordinal(), 5);
        packed.set(PortCounter.PortXmitData.ordinal(), 0);

        assertThat(packed.get(PortCounter.SymbolErrorCounter.ordinal())).isZero();
        assertThat(packed.get(PortCounter.PortXmitData.ordinal())).isZero();
        assertThat(packed.unpacked(0)).containsOnly(0L);
    }
}
