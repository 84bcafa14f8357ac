package io.fabricpulse.server.api;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The chart API against the real server and its real embedded series store (in a temp directory):
 * statuses, bodies and the problems bad parameters get.
 */
@org.springframework.test.context.TestPropertySource(properties = {
        // The product's default layout (the shared test layout keeps only an hour): windows of days
        // are answered from the hourly archive.
        "fabricpulse.series.embedded.archives[0].resolution=10s", "fabricpulse.series.embedded.archives[0].retention=6h",
        "fabricpulse.series.embedded.archives[1].resolution=1m", "fabricpulse.series.embedded.archives[1].retention=1d",
        "fabricpulse.series.embedded.archives[2].resolution=1h", "fabricpulse.series.embedded.archives[2].retention=14d",
        "fabricpulse.series.embedded.archives[3].resolution=1d", "fabricpulse.series.embedded.archives[3].retention=730d"})
class ChartsApiTest extends ServerTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final RateSeries SYMBOL_ERRORS = RateSeries.named("SymbolErrorCounter");
    /** TestBatches' host ports are cabled to this switch port. */
    private static final String SWITCH = "0x0002c90200410d02";

    @Autowired
    SeriesStore store;

    @DynamicPropertySource
    static void seriesInATempDirectory(DynamicPropertyRegistry registry) throws IOException {
        String directory = Files.createTempDirectory("charts-api-series").toString();
        registry.add("fabricpulse.series.embedded.directory", () -> directory);
    }

    /** Six samples 10 s apart from T0 with rates 1..6 of SymbolErrorCounter (times {@code factor}). */
    private void storeSymbolErrors(String guid, int port, double factor) {
        List<PortRateSample> samples = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            samples.add(new PortRateSample(new PortSeriesKey(guid, port), T0.plusSeconds(10L * i),
                    Map.of(SYMBOL_ERRORS, factor * (i + 1))));
        }
        store.write(samples);
    }

    @Test
    void aPortsRatesComeBackOnePointPerStepWithGapsAsNull() {
        String guid = TestBatches.randomGuid();
        storeSymbolErrors(guid, 1, 1);

        read("/api/v1/ports/" + guid + "/1/rates?counter=SymbolErrorCounter&from=2026-03-01T12:00:00Z"
                + "&to=2026-03-01T12:01:10Z&step=10s")
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.nodeGuid").isEqualTo(guid)
                .jsonPath("$.counter").isEqualTo("SymbolErrorCounter")
                .jsonPath("$.consolidation").isEqualTo("AVERAGE")
                .jsonPath("$.stepSeconds").isEqualTo(10)
                .jsonPath("$.points.length()").isEqualTo(7)
                .jsonPath("$.points[0].at").isEqualTo("2026-03-01T12:00:00Z")
                .jsonPath("$.points[0].value").isEqualTo(1.0)
                .jsonPath("$.points[5].value").isEqualTo(6.0)
                .jsonPath("$.points[6].value").isEmpty();
        // A minute step averages, MAX takes the highest; epoch seconds work for from/to.
        long from = T0.getEpochSecond();
        read("/api/v1/ports/" + guid + "/1/rates?counter=SymbolErrorCounter&from=" + from + "&to=" + (from + 60)
                + "&step=1m").expectStatus().isOk().expectBody()
                .jsonPath("$.points.length()").isEqualTo(1)
                .jsonPath("$.points[0].value").isEqualTo(3.5);
        read("/api/v1/ports/" + guid.toUpperCase().replace("0X", "0x") + "/1/rates?counter=SymbolErrorCounter&from="
                + from + "&to=" + (from + 60) + "&step=1m&consolidation=max").expectStatus().isOk().expectBody()
                .jsonPath("$.points[0].value").isEqualTo(6.0);
    }

    @Test
    void aLinkShowsBothEndsThePeerFromTheLiveFabric() {
        String guid = TestBatches.randomGuid();
        // Seen live before its stored rates, as a port always is: its file is created from its first sight.
        ingest(TestBatches.json(TestBatches.oneHostPort(TestBatches.randomAgentId(), 1, T0.minusSeconds(10),
                guid, Map.of("SymbolErrorCounter", 0L)))).expectStatus().isAccepted();
        storeSymbolErrors(guid, 1, 1);
        storeSymbolErrors(SWITCH, 7, 10);

        read("/api/v1/links/" + guid + "/1/rates?counter=SymbolErrorCounter&from=2026-03-01T12:00:00Z"
                + "&to=2026-03-01T12:01:00Z&step=1m")
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.port.nodeGuid").isEqualTo(guid)
                .jsonPath("$.port.points[0].value").isEqualTo(3.5)
                .jsonPath("$.peer.nodeGuid").isEqualTo(SWITCH)
                .jsonPath("$.peer.portNumber").isEqualTo(7)
                .jsonPath("$.peer.points[0].value").isEqualTo(35.0);
        // The switch port is known only as the host port's peer: the link is found from that side too.
        read("/api/v1/links/" + guid + "/2/rates?counter=SymbolErrorCounter")
                .expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/not-found")
                .jsonPath("$.detail").isEqualTo("port " + guid + "[2] is not in the live fabric: its link is unknown");
    }

    @Test
    void badChartParametersAreAllListedInOneProblem() {
        read("/api/v1/ports/zz/999/rates?counter=Colour&step=fast&from=yesterday&extra=1")
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-query")
                .jsonPath("$.errors.length()").isEqualTo(6)
                .jsonPath("$.errors[?(@.path == 'port')].reason").isEqualTo("must be a port number from 0 to 254, got '999'")
                .jsonPath("$.errors[?(@.path == 'guid')].reason")
                .isEqualTo("must be a node GUID such as 0x0002c903003178f0, got 'zz'")
                .jsonPath("$.errors[?(@.path == 'extra')].reason")
                .isEqualTo("unknown query parameter; known: consolidation, counter, from, step, to")
                .jsonPath("$.errors[?(@.path == 'counter')].reason").isEqualTo("must be a stored series: a counter's "
                        + "IBA name or XmitBytesPerSecond, RcvBytesPerSecond, got 'Colour'")
                .jsonPath("$.errors[?(@.path == 'step')].reason")
                .isEqualTo("must be a duration such as 10s, 5m, 1h or PT10S, got 'fast'")
                .jsonPath("$.errors[?(@.path == 'from')].reason").exists();
        String port = "/api/v1/ports/0x0002c903003178f0/999/rates?counter=SymbolErrorCounter";
        read(port).expectStatus().isBadRequest().expectBody().jsonPath("$.detail")
                .isEqualTo("port: must be a port number from 0 to 254, got '999'");
        String ok = "/api/v1/ports/0x0002c903003178f0/1/rates";
        read(ok).expectStatus().isBadRequest().expectBody().jsonPath("$.detail")
                .isEqualTo("counter: is required: a counter's IBA name such as SymbolErrorCounter, or "
                        + "XmitBytesPerSecond, RcvBytesPerSecond");
        read(ok + "?counter=PortXmitData&from=2026-03-01T13:00:00Z&to=2026-03-01T12:00:00Z")
                .expectStatus().isBadRequest().expectBody().jsonPath("$.detail")
                .isEqualTo("from: must be before to (2026-03-01T12:00:00Z), got 2026-03-01T13:00:00Z");
        read(ok + "?counter=PortXmitData&from=0&to=2000000000&step=1s")
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].path").isEqualTo("step");
        read(ok + "?counter=PortXmitData&step=1500ms")
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].reason")
                .isEqualTo("step must be a whole number of seconds, at least 1 s, got PT1.5S");
        read(ok + "?counter=PortXmitData&to=99999999999999999999999").expectStatus().isBadRequest();
        read(ok + "?counter=PortXmitData&to=-1000000000-01-01T00:00:00Z").expectStatus().isBadRequest();
        read(ok + "?counter=PortXmitData&step=9999999999999999d").expectStatus().isBadRequest();
    }

    @Test
    void theDefaultRangeIsTheLastHourInTenSecondSteps() {
        read("/api/v1/ports/0x0002c903003178f0/1/rates?counter=XmitBytesPerSecond").expectStatus().isOk()
                .expectBody()
                .jsonPath("$.stepSeconds").isEqualTo(10)
                .jsonPath("$.points.length()").isEqualTo(361);
    }

    @Test
    void worstPortsComeFromTheWindowsAndBadParametersAreProblems() {
        String calm = TestBatches.randomGuid();
        String noisy = TestBatches.randomGuid();
        String calmAgent = TestBatches.randomAgentId();
        String noisyAgent = TestBatches.randomAgentId();
        Instant now = Instant.now();
        for (int i = 0; i < 3; i++) {
            Instant at = now.minusSeconds(20 - 10L * i);
            ingest(TestBatches.json(TestBatches.oneHostPort(calmAgent, i + 1, at, calm,
                    Map.of("PortRcvErrors", 10L * i)))).expectStatus().isAccepted();
            ingest(TestBatches.json(TestBatches.oneHostPort(noisyAgent, i + 1, at, noisy,
                    Map.of("PortRcvErrors", 5_000L * i)))).expectStatus().isAccepted();
        }

        read("/api/v1/ports/worst?by=PortRcvErrors&window=1m&limit=2").expectStatus().isOk().expectBody()
                .jsonPath("$.by").isEqualTo("PortRcvErrors")
                .jsonPath("$.window").isEqualTo("1m")
                .jsonPath("$.ports.length()").isEqualTo(2)
                .jsonPath("$.ports[0].nodeGuid").isEqualTo(noisy)
                // The window ends at the server's now and its oldest minute bucket counts by the share of
                // it still inside the window (WindowBuckets): where the minute boundaries fall depends on
                // the wall clock, so up to a bucket's share of the 20 s may be left out; the rate is not.
                .jsonPath("$.ports[0].value").value(org.hamcrest.Matchers.closeTo(500.0, 0.5))
                .jsonPath("$.ports[0].coveredSeconds").value(org.hamcrest.Matchers.both(
                        org.hamcrest.Matchers.greaterThan(10.0)).and(org.hamcrest.Matchers.lessThanOrEqualTo(20.0)))
                .jsonPath("$.ports[1].nodeGuid").isEqualTo(calm);
        read("/api/v1/ports/worst?by=SymbolErrorBer").expectStatus().isOk().expectBody()
                .jsonPath("$.window").isEqualTo("5m")
                .jsonPath("$.source").isEqualTo("memory");
        read("/api/v1/ports/" + noisy + "/1/windows").expectStatus().isOk().expectBody()
                .jsonPath("$.windows.length()").isEqualTo(4)
                .jsonPath("$.windows[0].window").isEqualTo("1m")
                // 1 m: the oldest minute bucket counts by its share inside the window (see above).
                .jsonPath("$.windows[0].counters.PortRcvErrors.increase").value(org.hamcrest.Matchers.both(
                        org.hamcrest.Matchers.greaterThan(5_000.0)).and(org.hamcrest.Matchers.lessThanOrEqualTo(10_000.0)))
                // 5 m: the data is far from the window's edge, so every error of the last 20 s counts, to the
                // closed minute buckets' 11 significant bits (WindowBuckets.pack: within 2^-11 of 10,000).
                .jsonPath("$.windows[1].window").isEqualTo("5m")
                .jsonPath("$.windows[1].counters.PortRcvErrors.increase").value(org.hamcrest.Matchers.closeTo(10_000.0, 5.0))
                .jsonPath("$.windows[3].window").isEqualTo("24h");
        read("/api/v1/ports/" + noisy + "/9/windows").expectStatus().isNotFound();

        read("/api/v1/ports/worst?by=Colour&window=2h&limit=0").expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.errors.length()").isEqualTo(3)
                .jsonPath("$.errors[?(@.path == 'by')].reason").isEqualTo("must be a counter's IBA name (e.g. "
                        + "SymbolErrorCounter) or a derived metric (XmitBytesPerSecond, RcvBytesPerSecond, XmitUtilisation, "
                        + "RcvUtilisation, XmitPacketsPerSecond, RcvPacketsPerSecond, XmitWaitShare, SymbolErrorBer), got 'Colour'")
                .jsonPath("$.errors[?(@.path == 'window')].reason").isEqualTo("must be one of 1m, 5m, 1h, 24h (in memory) "
                        + "or a longer duration such as 7d, up to 730d (series store), got '2h'")
                .jsonPath("$.errors[?(@.path == 'limit')].reason").isEqualTo("must be a whole number from 1 to 1000, got '0'");
        read("/api/v1/ports/worst?by=XmitUtilisation&window=7d&consolidation=sum").expectStatus().isBadRequest()
                .expectBody()
                .jsonPath("$.errors[?(@.path == 'by')].reason").isEqualTo("XmitUtilisation is kept in memory only "
                        + "(windows up to 24h); over longer windows rank by a counter or XmitBytesPerSecond, RcvBytesPerSecond")
                .jsonPath("$.errors[?(@.path == 'consolidation')].reason").isEqualTo("must be one of AVERAGE, MAX, got 'sum'");
        read("/api/v1/ports/worst?by=PortRcvErrors&window=1h&consolidation=max").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail")
                .isEqualTo("consolidation: applies to windows longer than 24h, answered by the series store");
        read("/api/v1/ports/worst?by=PortRcvErrors&window=731d").expectStatus().isBadRequest();
        read("/api/v1/ports/worst?by=PortRcvErrors&window=99999999999999999d").expectStatus().isBadRequest();
        read("/api/v1/ports/worst").expectStatus().isBadRequest().expectBody().jsonPath("$.detail")
                .isEqualTo("by: is required: a counter's IBA name or a derived metric such as XmitUtilisation");
    }

    @Test
    void worstPortsOverLongerWindowsComeFromTheSeriesStore() {
        String guid = TestBatches.randomGuid();
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        // Far above anything the other tests store, so this port ranks first whatever ran before. A
        // round-robin file consolidates an hour once a later sample has passed it: two samples.
        PortSeriesKey port = new PortSeriesKey(guid, 4);
        store.write(List.of(
                new PortRateSample(port, now.minusSeconds(7_200), Map.of(RateSeries.named("VL15Dropped"), 1e12)),
                new PortRateSample(port, now.minusSeconds(10), Map.of(RateSeries.named("VL15Dropped"), 1e12))));

        read("/api/v1/ports/worst?by=VL15Dropped&window=7d&limit=1&consolidation=MAX").expectStatus().isOk()
                .expectBody()
                .jsonPath("$.source").isEqualTo("series")
                .jsonPath("$.window").isEqualTo("7d")
                .jsonPath("$.consolidation").isEqualTo("MAX")
                .jsonPath("$.ports.length()").isEqualTo(1)
                .jsonPath("$.ports[0].nodeGuid").isEqualTo(guid)
                .jsonPath("$.ports[0].nodeName").isEqualTo(guid)
                .jsonPath("$.ports[0].portNumber").isEqualTo(4)
                .jsonPath("$.ports[0].value").isEqualTo(1e12)
                .jsonPath("$.ports[0].coveredSeconds").isEmpty();
    }

    @Test
    void theOpenApiDocumentDescribesTheChartEndpoints() {
        // The document is generated on its first request: on a busy machine that takes seconds.
        web.mutate().responseTimeout(Duration.ofSeconds(60)).build().get().uri("/v3/api-docs")
                .headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD)).exchange()
                .expectStatus().isOk().expectBody()
                .jsonPath("$.paths['/api/v1/ports/{guid}/{port}/rates'].get.parameters[?(@.name == 'counter')].required")
                .isEqualTo(true)
                .jsonPath("$.paths['/api/v1/links/{guid}/{port}/rates'].get").exists()
                .jsonPath("$.paths['/api/v1/ports/worst'].get.parameters[?(@.name == 'by')]").exists();
        read("/swagger-ui.html").expectStatus().is3xxRedirection();
    }
}
