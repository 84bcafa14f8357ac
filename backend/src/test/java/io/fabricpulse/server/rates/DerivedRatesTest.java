package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The derived metrics, each checked against a value worked out by hand from docs/FABRIC.md. */
class DerivedRatesTest {

    private static final XmitWaitTick ONE_MICROSECOND = new XmitWaitTick.Fixed(Duration.ofNanos(1_000));

    private static DerivedRates of(Map<PortCounter, Double> rates, LinkContext link) {
        return DerivedRates.of(counter -> rates.containsKey(counter) ? rates.get(counter) : Double.NaN, link);
    }

    @ParameterizedTest(name = "{0} {1}: {2} Gb/s of data")
    @CsvSource({
            "X1, SDR, 2", "X4, SDR, 8", "X4, DDR, 16", "X4, QDR, 32", "X4, FDR10, 40", "X4, FDR, 54.56",
            "X4, EDR, 100", "X12, EDR, 300", "X2, HDR, 100", "X4, HDR, 200", "X4, NDR, 400", "X8, NDR, 800",
            "X4, XDR, 800"})
    void theLinkDataRateIsWidthTimesTheLaneRateAfterEncoding(LinkWidth width, LinkSpeed speed, double gbps) {
        assertThat(new LinkContext(width, speed, null).dataRateBitsPerSecond()).isCloseTo(gbps * 1e9, within(1.0));
    }

    @Test
    void bytesAreFourTimesTheWordsAndUtilisationIsTheirBitsOverTheLinkDataRate() {
        // EDR 4X = 4 x 25 Gb/s = 100e9 b/s. 1e9 words/s = 4e9 B/s = 32e9 b/s = 32 %.
        // Received 1.25e8 words/s = 5e8 B/s = 4e9 b/s = 4 %.
        DerivedRates d = of(Map.of(PortCounter.PortXmitData, 1e9, PortCounter.PortRcvData, 1.25e8),
                new LinkContext(LinkWidth.X4, LinkSpeed.EDR, null));

        assertThat(d.linkDataRateBitsPerSecond()).isEqualTo(100e9);
        assertThat(d.xmitBytesPerSecond()).isEqualTo(4e9);
        assertThat(d.rcvBytesPerSecond()).isEqualTo(5e8);
        assertThat(d.xmitUtilisation()).isCloseTo(0.32, within(1e-12));
        assertThat(d.rcvUtilisation()).isCloseTo(0.04, within(1e-12));
    }

    @Test
    void aQdrLinkIsFullAtThirtyTwoGigabitsOfData() {
        // QDR signals 10 Gbaud per lane with 8b/10b: 8 Gb/s of data, 4X = 32 Gb/s = 4e9 B/s = 1e9 words/s.
        DerivedRates d = of(Map.of(PortCounter.PortXmitData, 1e9), new LinkContext(LinkWidth.X4, LinkSpeed.QDR, null));

        assertThat(d.xmitUtilisation()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void packetsPerSecondAreThePacketCounterRates() {
        DerivedRates d = of(Map.of(PortCounter.PortXmitPkts, 1_500.0, PortCounter.PortRcvPkts, 20.0), LinkContext.UNKNOWN);

        assertThat(d.xmitPacketsPerSecond()).isEqualTo(1_500.0);
        assertThat(d.rcvPacketsPerSecond()).isEqualTo(20.0);
    }

    @Test
    void xmitWaitIsAShareOfTheIntervalOnlyWhenTheTickIsKnown() {
        // 250,000 ticks/s x 1 us per tick = 0.25 s stalled per second.
        Map<PortCounter, Double> rates = Map.of(PortCounter.PortXmitWait, 250_000.0);

        assertThat(of(rates, new LinkContext(LinkWidth.X4, LinkSpeed.EDR, ONE_MICROSECOND)).xmitWaitShare())
                .isCloseTo(0.25, within(1e-12));
        assertThat(of(rates, new LinkContext(LinkWidth.X4, LinkSpeed.EDR, null)).xmitWaitShare()).isNull();
    }

    @Test
    void byteCountedTicksLastAsLongAsTheLinkTakesToSendThem() {
        // Quantum: 8 bytes per port. 4X HDR carries 200 Gb/s of data: one tick is 64 bits / 200e9 = 0.32 ns, so
        // 3.125 G ticks/s would be the whole second stalled; 312.5 M ticks/s is a tenth of it.
        Map<PortCounter, Double> rates = Map.of(PortCounter.PortXmitWait, 312_500_000.0);
        assertThat(of(rates, new LinkContext(LinkWidth.X4, LinkSpeed.HDR, new XmitWaitTick.BytesPerPort(8)))
                .xmitWaitShare()).isCloseTo(0.10, within(1e-9));
        // Switch-IB 2: 32 bytes per lane. An EDR lane carries 25 Gb/s: 256 bits / 25e9 = 10.24 ns a tick, at any width.
        Map<PortCounter, Double> edr = Map.of(PortCounter.PortXmitWait, 9_765_625.0);
        assertThat(of(edr, new LinkContext(LinkWidth.X4, LinkSpeed.EDR, new XmitWaitTick.BytesPerLane(32)))
                .xmitWaitShare()).isCloseTo(0.10, within(1e-9));
        assertThat(of(edr, new LinkContext(LinkWidth.X1, LinkSpeed.EDR, new XmitWaitTick.BytesPerLane(32)))
                .xmitWaitShare()).isCloseTo(0.10, within(1e-9));
        assertThat(of(rates, new LinkContext(null, null, new XmitWaitTick.BytesPerPort(8))).xmitWaitShare())
                .as("a byte-counted tick on a link that is down has no length").isNull();
    }

    @Test
    void anEthernetPortHasItsRateButNoInfiniBandMetrics() {
        LinkContext roce = new LinkContext(null, null, 25.0, new XmitWaitTick.Fixed(Duration.ofNanos(1)));
        DerivedRates d = of(Map.of(PortCounter.PortXmitData, 312_500_000.0, PortCounter.SymbolErrorCounter, 1.0,
                PortCounter.PortXmitWait, 1e6), roce);
        assertThat(d.linkDataRateBitsPerSecond()).isEqualTo(25e9);
        assertThat(d.xmitUtilisation()).as("1.25 GB/s of 3.125 GB/s").isCloseTo(0.4, within(1e-12));
        assertThat(d.symbolErrorBer()).as("no InfiniBand symbols on Ethernet").isNull();
        assertThat(d.xmitWaitShare()).as("no tick table for Ethernet ports").isNull();
    }

    @Test
    void symbolErrorBerIsErrorsPerSecondOverTheLinkBits() {
        // NDR 4X = 400e9 b/s; 0.004 errors/s / 400e9 = 1e-14. docs/FABRIC.md: 1e-15 at 400 Gb/s is ~35 a day.
        assertThat(of(Map.of(PortCounter.SymbolErrorCounter, 0.004), new LinkContext(LinkWidth.X4, LinkSpeed.NDR, null))
                .symbolErrorBer()).isCloseTo(1e-14, within(1e-26));
        double perDay = 35.0 / 86_400;
        assertThat(of(Map.of(PortCounter.SymbolErrorCounter, perDay), new LinkContext(LinkWidth.X4, LinkSpeed.NDR, null))
                .symbolErrorBer()).isCloseTo(1e-15, within(2e-17));
    }

    @Test
    void withoutTheLinkOrTheCountersEveryDependentMetricIsAbsentNotZero() {
        DerivedRates noLink = of(Map.of(PortCounter.PortXmitData, 10.0, PortCounter.SymbolErrorCounter, 1.0),
                LinkContext.UNKNOWN);
        assertThat(noLink.xmitBytesPerSecond()).isEqualTo(40.0);
        assertThat(noLink.xmitUtilisation()).isNull();
        assertThat(noLink.symbolErrorBer()).isNull();
        assertThat(noLink.linkDataRateBitsPerSecond()).isNull();

        assertThat(of(new EnumMap<>(PortCounter.class), new LinkContext(LinkWidth.X4, LinkSpeed.EDR, ONE_MICROSECOND)))
                .isEqualTo(new DerivedRates(100e9, null, null, null, null, null, null, null, null));
    }

    @Test
    void metricsAreFoundByNameAndReadBackFromTheRecord() {
        DerivedRates d = new DerivedRates(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
        double expected = 2.0;
        for (DerivedMetric metric : DerivedMetric.values()) {
            assertThat(DerivedMetric.named(metric.name())).isSameAs(metric);
            assertThat(metric.in(d)).as(metric.name()).isEqualTo(expected++);
        }
        assertThat(DerivedMetric.named("xmitutilisation")).isNull();
    }

    @Test
    void inJsonTheyAreNineNamedNumbersInOrderNullWhenUnknownAndReadBackEqual() {
        JsonMapper json = JsonMapper.builder().build();
        DerivedRates some = new DerivedRates(100e9, 1.5e9, null, 0.12, null, null, 3.0, null, 1e-12);

        String text = json.writeValueAsString(some);

        assertThat(text).isEqualTo("{\"linkDataRateBitsPerSecond\":1.0E11,\"xmitBytesPerSecond\":1.5E9,"
                + "\"rcvBytesPerSecond\":null,\"xmitUtilisation\":0.12,\"rcvUtilisation\":null,"
                + "\"xmitPacketsPerSecond\":null,\"rcvPacketsPerSecond\":3.0,\"xmitWaitShare\":null,"
                + "\"symbolErrorBer\":1.0E-12}");
        assertThat(json.readValue(text, DerivedRates.class)).isEqualTo(some).hasSameHashCodeAs(some);
        assertThat(some).isNotEqualTo(new DerivedRates(100e9, 1.5e9, 0.0, 0.12, null, null, 3.0, null, 1e-12));
    }

    @Test
    void aRankingMetricIsACounterOrADerivedMetricAndAnythingElseSaysWhatIsAccepted() {
        assertThat(PortMetric.named("PortXmitDiscards")).isEqualTo(new PortMetric.Counter(PortCounter.PortXmitDiscards));
        assertThat(PortMetric.named("SymbolErrorBer")).isEqualTo(new PortMetric.Derived(DerivedMetric.SymbolErrorBer));
        assertThatThrownBy(() -> PortMetric.named("Colour"))
                .hasMessageContaining("PortXmitWait").hasMessageContaining("XmitUtilisation");
    }

    @Test
    void ticksComeFromTheHcaTypeFirstThenTheSourceThenTheFamilyTable() {
        RatesProperties properties = new RatesProperties(Map.of("MT4123", Duration.ofNanos(4)), null);

        assertThat(properties.xmitWaitTick("sim", null, null, "MT4123")).isEqualTo(new XmitWaitTick.Fixed(Duration.ofNanos(4)));
        assertThat(properties.xmitWaitTick("sim", null, null, "MT4099")).isEqualTo(ONE_MICROSECOND);
        assertThat(properties.xmitWaitTick("umad", null, null, "MT4099")).as("ConnectX-3: no documented tick").isNull();
        assertThat(properties.xmitWaitTick("umad", 0x0002c9, 0xd2f0, null)).as("Quantum")
                .isEqualTo(new XmitWaitTick.BytesPerPort(8));
        assertThat(properties.xmitWaitTick("umad", 0x0002c9, 0xcf08, null)).as("Switch-IB 2")
                .isEqualTo(new XmitWaitTick.BytesPerLane(32));
        assertThat(properties.xmitWaitTick("umad", 0x001175, 0xd2f0, null)).as("another vendor's 0xd2f0 is not a Quantum")
                .isNull();
        assertThat(properties.xmitWaitTick(null, null, null, null)).isNull();
        assertThatThrownBy(() -> new RatesProperties(null, Map.of("umad", Duration.ZERO)))
                .hasMessage("fabricpulse.rates.xmit-wait-tick-by-source.umad must be a positive duration such as 1us, got PT0S");
    }
}
