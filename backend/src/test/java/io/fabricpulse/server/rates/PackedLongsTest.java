package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PackedLongsTest {

    private static final int COUNTERS = PortCounter.values().length;

    @Test
    void readsBackWhatWasSetInAnyOrderAsAPlainArrayWould() {
        Random random = new Random(19);
        for (int round = 0; round < 200; round++) {
            PackedLongs packed = new PackedLongs();
            long[] plain = new long[COUNTERS];
            for (int step = 0; step < 60; step++) {
                int c = random.nextInt(COUNTERS);
                long value = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> -1; // an unsigned 64-bit counter at its maximum
                    default -> random.nextLong(1, 1L << 40);
                };
                if (random.nextInt(8) == 0) {
                    packed.reserve(random.nextInt(1 << COUNTERS)); // slots made ahead hold 0 until set
                }
                packed.set(c, value);
                plain[c] = value;
                for (int any = 0; any < COUNTERS; any++) {
                    assertThat(packed.get(any)).as("counter %d after step %d", any, step).isEqualTo(plain[any]);
                }
            }
            assertThat(packed.unpacked()).containsExactly(plain);
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
        assertThat(packed.unpacked()).containsOnly(0L);
    }
}
