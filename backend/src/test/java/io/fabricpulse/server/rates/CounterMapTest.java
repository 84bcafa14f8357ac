package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The compact counter maps read like any map, in counter order, and refuse writes. */
class CounterMapTest {

    @Test
    void readsLikeTheMapItWasMadeFromInCounterOrder() {
        Map<String, Long> given = Map.of("PortXmitData", -1L, "SymbolErrorCounter", 7L, "NotACounter", 1L);
        CounterMap<Long> map = CounterMap.ofLongs(given);

        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("SymbolErrorCounter", 7L);
        expected.put("PortXmitData", -1L);
        assertThat(map).isEqualTo(expected).hasSize(2);
        assertThat(map.keySet()).containsExactly("SymbolErrorCounter", "PortXmitData");
        assertThat(map.get("PortXmitData")).isEqualTo(-1L);
        assertThat(map.get("NotACounter")).isNull();
        assertThat(map.get(42)).isNull();
        assertThat(map.containsKey("PortRcvData")).isFalse();
        assertThat(map.hashCode()).isEqualTo(expected.hashCode());
        assertThatThrownBy(() -> map.put("PortRcvData", 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.entrySet().iterator().remove()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void doublesKeepTheirExactValueAndAnEmptyMapIsEmpty() {
        CounterMap<Double> rates = CounterMap.ofDoubles(Map.of("PortXmitWait", 0.1, "VL15Dropped", 0.0));

        assertThat(rates).containsExactly(Map.entry("VL15Dropped", 0.0), Map.entry("PortXmitWait", 0.1));
        assertThat(CounterMap.ofDoubles(Map.of())).isEmpty();
        assertThat(JsonMapper.builder().build().writeValueAsString(rates)).isEqualTo("{\"VL15Dropped\":0.0,\"PortXmitWait\":0.1}");
    }

    @Test
    void aBuilderRefusesASecondValueForACounterAndBuildsOnce() {
        CounterMap.Builder builder = new CounterMap.Builder();

        assertThat(builder.put(PortCounter.SymbolErrorCounter, 5L)).isTrue();
        assertThat(builder.put(PortCounter.SymbolErrorCounter, 6L)).isFalse();
        CounterMap<Long> built = builder.build();

        assertThat(built).containsExactly(Map.entry("SymbolErrorCounter", 5L));
        assertThat(built.has(PortCounter.SymbolErrorCounter)).isTrue();
        assertThat(built.longAt(PortCounter.SymbolErrorCounter)).isEqualTo(5L);
        assertThat(built.has(PortCounter.PortXmitData)).isFalse();
        assertThat(CounterMap.ofLongs(built)).isSameAs(built);
        assertThatThrownBy(() -> builder.put(PortCounter.PortXmitData, 1L)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class);
    }
}
