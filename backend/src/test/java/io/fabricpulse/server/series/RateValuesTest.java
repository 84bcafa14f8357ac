package io.fabricpulse.server.series;

import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The compact rates of one port sample read like the map they were made from, in series order. */
class RateValuesTest {

    private static final RateSeries SYMBOL_ERRORS = RateSeries.of(PortCounter.SymbolErrorCounter);
    private static final RateSeries XMIT_DISCARDS = RateSeries.of(PortCounter.PortXmitDiscards);

    @Test
    void readsLikeTheMapItWasMadeFromInSeriesOrder() {
        Map<RateSeries, Double> given = new HashMap<>();
        given.put(RateSeries.RCV_BYTES_PER_SECOND, 4.0e9);
        given.put(XMIT_DISCARDS, 0.5);
        given.put(SYMBOL_ERRORS, 0.0);

        RateValues values = RateValues.copyOf(given);

        Map<RateSeries, Double> expected = new LinkedHashMap<>();
        expected.put(SYMBOL_ERRORS, 0.0);
        expected.put(XMIT_DISCARDS, 0.5);
        expected.put(RateSeries.RCV_BYTES_PER_SECOND, 4.0e9);
        assertThat(values).isEqualTo(expected).hasSize(3).hasSameHashCodeAs(expected);
        assertThat(values.keySet()).containsExactly(SYMBOL_ERRORS, XMIT_DISCARDS, RateSeries.RCV_BYTES_PER_SECOND);
        assertThat(values.get(RateSeries.XMIT_BYTES_PER_SECOND)).isNull();
        assertThat(values.get("SymbolErrorCounter")).isNull();
        assertThat(RateValues.copyOf(values)).isSameAs(values);
        assertThatThrownBy(() -> values.put(SYMBOL_ERRORS, 1.0)).isInstanceOf(UnsupportedOperationException.class);

        List<String> seen = new ArrayList<>();
        values.forEachRate((series, rate) -> seen.add(series.name() + "=" + rate));
        assertThat(seen).containsExactly("SymbolErrorCounter=0.0", "PortXmitDiscards=0.5", "RcvBytesPerSecond=4.0E9");
    }

    @Test
    void theLastSeriesAndAnEmptyMapWork() {
        RateSeries last = RateSeries.all().getLast();
        RateValues one = new RateValues.Builder().put(last, 1.0).build();

        assertThat(one).containsExactly(Map.entry(last, 1.0));
        assertThat(new RateValues.Builder().build()).isEmpty();
        Map<RateSeries, Double> withNull = new HashMap<>();
        withNull.put(SYMBOL_ERRORS, null);
        assertThatThrownBy(() -> RateValues.copyOf(withNull)).isInstanceOf(NullPointerException.class);
    }
}
