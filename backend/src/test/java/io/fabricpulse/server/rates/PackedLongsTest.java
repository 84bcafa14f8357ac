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
            long[] packed = PackedLongs.none();
            long[] plain = new long[indexes];
            for (int step = 0; step < 100; step++) {
                int i = random.nextInt(indexes);
                long value = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> -1; // an unsigned 64-bit counter at its maximum
                    default -> random.nextLong(1, 1L << 40);
                };
                if (random.nextInt(8) == 0) {
                    packed = PackedLongs.reserve(packed, random.nextLong(1L << indexes)); // slots made ahead hold 0 until set
                }
                packed = PackedLongs.set(packed, i, value);
                plain[i] = value;
                for (int any = 0; any < indexes; any++) {
                    assertThat(PackedLongs.get(packed, any)).as("index %d after step %d", any, step).isEqualTo(plain[any]);
                }
            }
            assertThat(PackedLongs.unpacked(packed, 0)).containsExactly(java.util.Arrays.copyOfRange(plain, 0, COUNTERS));
            assertThat(PackedLongs.unpacked(packed, COUNTERS)).containsExactly(java.util.Arrays.copyOfRange(plain, COUNTERS, indexes));
        }
        assertThat(PackedLongs.none()).as("the shared array of no slots is never written").containsExactly(0L);
    }

    @Test
    void countersAtZeroReadAsZeroWithoutASlotAndACounterBackAtZeroReadsZero() {
        long[] packed = PackedLongs.none();
        packed = PackedLongs.set(packed, PortCounter.SymbolErrorCounter.ordinal(), 0);
        assertThat(packed).as("a 0 takes no slot: the shared empty array stays").isSameAs(PackedLongs.none());
        packed = PackedLongs.set(packed, PortCounter.PortXmitData.ordinal(), 5);
        packed = PackedLongs.set(packed, PortCounter.PortXmitData.ordinal(), 0);

        assertThat(PackedLongs.get(packed, PortCounter.SymbolErrorCounter.ordinal())).isZero();
        assertThat(PackedLongs.get(packed, PortCounter.PortXmitData.ordinal())).isZero();
        assertThat(PackedLongs.unpacked(packed, 0)).containsOnly(0L);
    }
}
