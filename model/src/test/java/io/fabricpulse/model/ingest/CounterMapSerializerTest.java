package io.fabricpulse.model.ingest;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class CounterMapSerializerTest {

    private final JsonMapper mapper = JsonMapper.builder().build();

    /** What Jackson's own map serializer writes, with the unsigned value serializer per entry. */
    record ByMapSerializer(@JsonSerialize(contentUsing = UnsignedCounterSerializer.class) Map<String, Long> counters) {
    }

    record ByCounterMapSerializer(@JsonSerialize(using = CounterMapSerializer.class) Map<String, Long> counters) {
    }

    private void assertSameJson(Map<String, Long> counters) {
        String expected = mapper.writeValueAsString(new ByMapSerializer(counters));
        assertThat(mapper.writeValueAsString(new ByCounterMapSerializer(counters))).isEqualTo(expected);
    }

    @Test
    void writesEveryCounterAsJacksonsMapSerializerDoes() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 50; round++) {
            Map<String, Long> counters = new LinkedHashMap<>();
            Arrays.stream(PortCounter.values()).forEach(c -> counters.put(c.ibaName(), random.nextLong()));
            assertSameJson(counters);
        }
    }

    @Test
    void unknownNamesNullsEdgesAndEmptyMapsAsWell() {
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("SymbolErrorCounter", 0L);
        counters.put("NotACounter", 5L);
        counters.put("needs \"escaping\"\n", 1L);
        counters.put("PortXmitData", -1L);
        counters.put("PortRcvData", Long.MIN_VALUE);
        counters.put("PortXmitPkts", Long.MAX_VALUE);
        counters.put("PortRcvPkts", null);
        assertSameJson(counters);
        assertSameJson(Map.of());
        assertThat(mapper.writeValueAsString(new ByCounterMapSerializer(Map.of("PortXmitData", -1L))))
                .isEqualTo("{\"counters\":{\"PortXmitData\":18446744073709551615}}");
        assertThat(mapper.writeValueAsString(new ByCounterMapSerializer(null))).isEqualTo("{\"counters\":null}");
    }
}
