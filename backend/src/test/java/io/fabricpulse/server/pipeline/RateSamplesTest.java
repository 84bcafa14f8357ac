package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;

/** From an applied batch to the points the series store keeps. */
class RateSamplesTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";

    @Test
    void portsWithRatesBecomeSamplesWithTheirBytesAndPortsWithoutRatesNone() {
        LiveFabric fabric = liveFabric().build();
        FabricUpdate first = fabric.apply(oneHostPort("h", 1, T0, GUID,
                Map.of("SymbolErrorCounter", 0L, "PortXmitData", 0L, "PortRcvData", 0L)));
        FabricUpdate second = fabric.apply(oneHostPort("h", 2, T0.plusSeconds(10), GUID,
                Map.of("SymbolErrorCounter", 5L, "PortXmitData", 250L, "PortRcvData", 65_535L)));

        assertThat(first.ports()).singleElement().satisfies(port -> assertThat(RateSamples.of(port)).isNull());
        assertThat(second.ports()).singleElement().satisfies(port -> assertThat(RateSamples.of(port)).isEqualTo(
                new PortRateSample(new PortSeriesKey(GUID, 1), T0.plusSeconds(10), Map.of(
                        RateSeries.named("SymbolErrorCounter"), 0.5,
                        RateSeries.named("PortXmitData"), 25.0,
                        RateSeries.XMIT_BYTES_PER_SECOND, 100.0,
                        RateSeries.named("PortRcvData"), 6_553.5,
                        RateSeries.RCV_BYTES_PER_SECOND, 26_214.0))));
    }
}
