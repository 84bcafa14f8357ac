package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SampleBytesTest {

    @Test
    void everyCounterAndEveryUnsignedValueReadsBackAsWritten() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 1000; round++) {
            Map<String, Long> counters = new LinkedHashMap<>();
            for (PortCounter counter : PortCounter.values()) {
                if (random.nextBoolean()) {
                    counters.put(counter.ibaName(), random.nextInt(4) == 0 ? -1L : random.nextLong());
                }
            }
            assertThat(SampleBytes.parseCounters(SampleBytes.counters(counters))).isEqualTo(counters);
        }
        assertThat(SampleBytes.parseCounters(SampleBytes.counters(Map.of()))).isEmpty();
    }

    @Test
    void bytesThatAreNotCountersAreRefusedWithWhere() {
        byte[] valid = SampleBytes.counters(Map.of("SymbolErrorCounter", 5L));
        assertThatThrownBy(() -> SampleBytes.parseCounters(Arrays.copyOf(valid, valid.length - 3)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("ends inside a counter");
        byte[] unknown = valid.clone();
        System.arraycopy("XymbolErrorCounter".getBytes(StandardCharsets.US_ASCII), 0, unknown, 1, 18);
        assertThatThrownBy(() -> SampleBytes.parseCounters(unknown))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("at byte 1: 'XymbolErrorCounter'");
    }
}
