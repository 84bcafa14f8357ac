package io.fabricpulse.server.metrics;

import io.fabricpulse.server.testing.PrometheusServer;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** GET /metrics/fabric on the real server: counters as the rate engine saw them, both formats, auth. */
@ExtendWith(OutputCaptureExtension.class)
class FabricMetricsEndpointTest extends ServerTest {

    @Autowired
    FabricMetricsController controller;

    private static final String OPEN_METRICS = "application/openmetrics-text;version=1.0.0,"
            + "application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

    @Test
    void aClearedCounterIsExportedMonotonicAndDataCountersInBytes() {
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        Instant t0 = Instant.now().minusSeconds(60);
        long[] symbolErrors = {100, 150, 5, 25};
        for (int i = 0; i < symbolErrors.length; i++) {
            ingest(TestBatches.json(TestBatches.oneHostPort(agent, i + 1, t0.plusSeconds(10L * i), guid,
                    Map.of("SymbolErrorCounter", symbolErrors[i], "PortXmitData", 1_000L + 500L * i))))
                    .expectStatus().is2xxSuccessful();
        }

        // Ingest is acknowledged before it is applied: wait for the last sample.
        String page = await().atMost(Duration.ofSeconds(30)).until(() -> scrape(VIEWER, VIEWER_PASSWORD, null,
                "text/plain"), p -> p.contains(guid) && value(p, "fabricpulse_port_transmit_bytes_total", guid) == 10_000);

        // 100, +50, a clear (adds nothing), +20.
        assertThat(value(page, "fabricpulse_port_symbol_errors_total", guid)).isEqualTo(170.0);
        assertThat(value(page, "fabricpulse_port_transmit_bytes_total", guid)).isEqualTo(4.0 * 2_500);
        assertThat(value(page, "fabricpulse_port_transmit_bytes_per_second", guid)).isEqualTo(4.0 * 50);
        assertThat(value(page, "fabricpulse_port_state", guid)).isEqualTo(4.0);
        assertThat(value(page, "fabricpulse_port_link_width_active_lanes", guid)).isEqualTo(4.0);
        assertThat(value(page, "fabricpulse_port_link_width_capable_lanes", guid)).isEqualTo(4.0);
        assertThat(value(page, "fabricpulse_port_link_lane_rate_active_bytes_per_second", guid)).isEqualTo(25e9 / 8);
        // 50 symbol errors in 10 s on an EDR link: symbol-error-ber (a WARNING) is open on the link.
        assertThat(value(page, "fabricpulse_port_alert_severity", guid)).isEqualTo(2.0);
        assertThat(line(page, "fabricpulse_port_symbol_errors_total", guid))
                .contains("node_name=\"" + agent + " HCA-1\"", "port=\"1\"", "peer_guid=\"0x0002c90200410d02\"",
                        "peer_port=\"7\"", "link_layer=\"InfiniBand\"");
        assertThat(page).containsOnlyOnce("# TYPE fabricpulse_port_symbol_errors_total counter");
        assertThat(page).doesNotContain("# EOF");
    }

    @Test
    void prometheusGetsOpenMetricsEndedByEof() {
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        Instant t0 = Instant.now().minusSeconds(30);
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 1, t0, guid, Map.of("PortXmitDiscards", 3L))))
                .expectStatus().is2xxSuccessful();

        String page = await().atMost(Duration.ofSeconds(30)).until(() -> scrape(VIEWER, VIEWER_PASSWORD, OPEN_METRICS,
                "application/openmetrics-text"), p -> p.contains(guid));

        assertThat(page).contains("# TYPE fabricpulse_port_transmit_discards counter");
        assertThat(value(page, "fabricpulse_port_transmit_discards_total", guid)).isEqualTo(3.0);
        assertThat(page).endsWith("# EOF\n").containsOnlyOnce("# EOF");
        assertThat(page).contains("# UNIT fabricpulse_port_transmit_bytes bytes");
    }

    /** Prometheus' own linter (promtool check metrics) finds nothing in the page: names, units, _total, help. */
    @Test
    void promtoolFindsNothingToLint() throws Exception {
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        Instant t0 = Instant.now().minusSeconds(30);
        for (int i = 0; i < 2; i++) {
            ingest(TestBatches.json(TestBatches.oneHostPort(agent, i + 1, t0.plusSeconds(10L * i), guid,
                    Map.of("SymbolErrorCounter", 1L + i, "PortXmitData", 10L + i, "PortXmitWait", 5L + i,
                            "PortXmitPkts", 7L + i, "PortUnicastXmitPkts", 3L + i)))).expectStatus().is2xxSuccessful();
        }
        String page = await().atMost(Duration.ofSeconds(30)).until(() -> scrape(VIEWER, VIEWER_PASSWORD, null,
                "text/plain"), p -> p.contains(guid) && p.contains("transmit_unicast_packets"));

        Process promtool = new ProcessBuilder(PrometheusServer.promtool().toString(), "check", "metrics")
                .redirectErrorStream(true).start();
        try (var in = promtool.getOutputStream()) {
            in.write(page.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        String findings = new String(promtool.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(promtool.waitFor()).as(findings).isZero();
        assertThat(findings).isBlank();
    }

    /** The scraper hangs up mid-page (a timeout, a restart): one log line, and ingest goes on. */
    @Test
    void aScrapeInterruptedMidStreamIsLoggedAndChangesNothing(CapturedOutput output) {
        String guid = TestBatches.randomGuid();
        String agent = TestBatches.randomAgentId();
        Instant t0 = Instant.now().minusSeconds(20);
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 1, t0, guid, Map.of("SymbolErrorCounter", 1L))))
                .expectStatus().is2xxSuccessful();
        OutputStream hangsUp = new OutputStream() {
            private int written;

            @Override
            public void write(int b) throws IOException {
                if (++written > 100) {
                    throw new IOException("Connection reset by peer");
                }
            }
        };

        controller.write(FabricMetricsWriter.negotiate(null), hangsUp);

        assertThat(output.getOut()).contains(FabricMetricsController.PATH + ": the client went away after ")
                .contains("Connection reset by peer");
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 2, t0.plusSeconds(10), guid,
                Map.of("SymbolErrorCounter", 2L)))).expectStatus().is2xxSuccessful();
        await().atMost(Duration.ofSeconds(30)).until(() -> scrape(VIEWER, VIEWER_PASSWORD, null, "text/plain"),
                p -> p.contains(guid) && value(p, "fabricpulse_port_symbol_errors_total", guid) == 2.0);
    }

    @Test
    void withoutCredentialsNothingIsShown() {
        web.get().uri(FabricMetricsController.PATH).exchange().expectStatus().isUnauthorized();
        web.get().uri(FabricMetricsController.PATH).headers(h -> h.setBearerAuth("fp_not-a-token")).exchange()
                .expectStatus().isUnauthorized();
    }

    private String scrape(String user, String password, String accept, String expectedType) {
        return web.get().uri(FabricMetricsController.PATH)
                .headers(h -> {
                    h.setBasicAuth(user, password);
                    if (accept != null) {
                        h.set(HttpHeaders.ACCEPT, accept);
                    }
                })
                .exchange()
                .expectStatus().isOk()
                .expectHeader().value(HttpHeaders.CONTENT_TYPE,
                        type -> assertThat(MediaType.parseMediaType(type).toString()).startsWith(expectedType))
                .expectBody(String.class).returnResult().getResponseBody();
    }

    /** The sample line of {@code metric} for the node's port 1. */
    static String line(String page, String metric, String guid) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(metric) + "\\{[^}]*node_guid=\"" + Pattern.quote(guid)
                + "\"[^}]*} .*$").matcher(page);
        assertThat(m.find()).as("%s of %s in:%n%s", metric, guid, page.length() > 4000 ? page.substring(0, 4000)
                : page).isTrue();
        return m.group();
    }

    static double value(String page, String metric, String guid) {
        String line = line(page, metric, guid);
        return Double.parseDouble(line.substring(line.lastIndexOf('}') + 2).split(" ")[0]);
    }
}
