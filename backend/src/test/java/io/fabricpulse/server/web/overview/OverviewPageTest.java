package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.web.TestPorts;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import static io.fabricpulse.server.web.overview.SampleFabric.LEAF01;
import static io.fabricpulse.server.web.overview.SampleFabric.LEAF02;
import static io.fabricpulse.server.web.overview.SampleFabric.NODE003;
import static org.assertj.core.api.Assertions.assertThat;

class OverviewPageTest extends OverviewSliceTest {

    @Autowired
    AlertRepository alerts;
    @Autowired
    JsonMapper json;

    @Test
    void rendersTheWorstPortsFirstWithTheirRates() {
        Document page = render("/");

        assertThat(page.title()).isEqualTo("FabricPulse");
        Elements rows = page.select("tbody[data-port-rows] > tr");
        assertThat(rows.eachAttr("data-key"))
                .containsExactly(LEAF02 + ":7", LEAF01 + ":3", NODE003 + ":1", SampleFabric.NODE001 + ":1");
        assertThat(rows.eachAttr("data-severity")).containsExactly("error", "error", "warn", "ok");
        assertThat(page.selectFirst("section.ports .showing").text()).isEqualTo("showing 4 of 5 ports, 1 healthy hidden");
        assertThat(page.selectFirst("section.ports").attr("data-healthy")).as("healthy rows hidden until asked for")
                .isEqualTo("hidden");

        Element leaf01 = rows.get(1);
        assertThat(cell(leaf01, "nodeName")).isEqualTo("leaf01");
        assertThat(leaf01.selectFirst("[data-text=nodeName]").attr("title")).isEqualTo("leaf01 (" + LEAF01 + ")");
        assertThat(cell(leaf01, "nodeType")).isEqualTo("Switch");
        assertThat(cell(leaf01, "peer")).as("the far end by name").isEqualTo("node003");
        assertThat(cell(leaf01, "peerPort")).isEqualTo("[1]");
        assertThat(leaf01.selectFirst("td.peer").attr("title")).isEqualTo("node003 (" + NODE003 + ") port 1");
        assertThat(cell(leaf01, "symbolErrors.count")).isEqualTo("1234");
        assertThat(cell(leaf01, "symbolErrors.rate")).isEqualTo("2.5");
        assertThat(cell(leaf01, "xmitDiscards.rate")).isEqualTo("0");
        assertThat(cell(leaf01, "link")).isEqualTo("4X EDR");
        assertThat(cell(leaf01, "sampledAt")).isEqualTo("12:00:05");
        assertThat(leaf01.selectFirst("time").attr("datetime")).isEqualTo("2026-03-01T12:00:05Z");

        Element node003 = rows.get(2);
        assertThat(cell(node003, "state")).isEqualTo("Down");
        assertThat(cell(node003, "physicalState")).isEqualTo("Polling");
        assertThat(cell(node003, "link")).isEqualTo("—");
        assertThat(cell(node003, "symbolErrors.rate")).isEqualTo("—");

        Element node001 = rows.get(3);
        assertThat(cell(node001, "xmit")).isEqualTo("12.5 GB/s");
        assertThat(cell(node001, "rcv")).isEqualTo("1.23 MB/s");
    }

    @Test
    void marksSaturatedCountersAndExplainsThem() {
        Element leaf02 = render("/").selectFirst("tbody[data-port-rows] > tr");

        Element count = leaf02.selectFirst("[data-text='symbolErrors.count']");
        assertThat(count.text()).isEqualTo("≥ 65535");
        assertThat(count.attr("data-on")).isEqualTo("true");
        assertThat(count.attr("title")).contains("latched at its 16-bit maximum 65535").contains("at least 65535");
        assertThat(cell(leaf02, "symbolErrors.rate")).isEqualTo("—");
        assertThat(leaf02.selectFirst("[data-text='xmitDiscards.count']").attr("data-on")).isEqualTo("false");
        // LinkDownedCounter has no column: the SAT badge names it.
        assertThat(leaf02.selectFirst(".badge").attr("title")).isEqualTo("Also latched at their maximum: LinkDownedCounter");
    }

    @Test
    void theStripCountsFiringAlertsBySeverityAndListsTheWorstFirst() {
        Element before = render("/").selectFirst("section.alert-strip");
        openAlert("WARNING", false);
        openAlert("CRITICAL", false);
        openAlert("CRITICAL", false);
        openAlert("WARNING", true);
        openAlert("INFO", false);

        Element strip = render("/").selectFirst("section.alert-strip");

        assertThat(strip.selectFirst("h2 a").attr("href")).isEqualTo("/alerts");
        assertThat(alertCount(strip, "critical") - alertCount(before, "critical")).isEqualTo(2);
        assertThat(alertCount(strip, "warning") - alertCount(before, "warning")).as("one acknowledged: not firing")
                .isEqualTo(1);
        assertThat(alertCount(strip, "info") - alertCount(before, "info")).isEqualTo(1);
        List<String> severities = strip.select("[data-strip-lines] li").eachAttr("data-severity");
        assertThat(severities).as("the alerts page's order: severity first").isNotEmpty()
                .isSortedAccordingTo(Comparator.comparingInt(List.of("critical", "warning", "info")::indexOf));
        Element first = strip.selectFirst("[data-strip-lines] li");
        assertThat(first.select(".end-name").eachText()).containsExactly("leaf01[1]");
        assertThat(first.selectFirst("time.age").attr("title")).isEqualTo("2026-03-01 12:00:00");
        assertThat(render("/").select("script[src]").eachAttr("src")).contains("/js/alerts-strip.js");
    }

    @Test
    void summarisesTheWholeFabricNotOnlyTheRowsShown() {
        Element summary = render("/").selectFirst("section.summary");

        assertThat(summaryValue(summary, "nodes")).isEqualTo("5");
        assertThat(summaryValue(summary, "cas")).isEqualTo("3");
        assertThat(summaryValue(summary, "switches")).isEqualTo("2");
        assertThat(summaryValue(summary, "ports")).isEqualTo("5");
        assertThat(summaryValue(summary, "active")).isEqualTo("4");
        assertThat(summaryValue(summary, "notActive")).isEqualTo("1");
        assertThat(summaryValue(summary, "withErrors")).isEqualTo("1");
        assertThat(summaryValue(summary, "saturated")).isEqualTo("1");
        assertThat(summaryValue(summary, "lastUpdate")).isEqualTo("12:00:05");
        assertThat(summary.selectFirst("[data-flag='summary.withErrors']").attr("data-on")).isEqualTo("true");
    }

    @Test
    void loadsNothingFromOutsideTheServerAndEveryAssetExists() {
        Document page = render("/");
        List<String> assets = page.select("script[src], link[href], img[src]").stream()
                .map(e -> e.hasAttr("src") ? e.attr("src") : e.attr("href"))
                .toList();

        assertThat(assets).contains("/css/app.css", "/js/ports-live.js");
        assertThat(assets).allSatisfy(url -> assertThat(url).startsWith("/").doesNotStartWith("//"));
        assertThat(page.html()).doesNotContainPattern("(?i)(src|href)\\s*=\\s*\"(https?:)?//");
        for (String asset : assets) {
            client.get().uri(asset).exchange().expectStatus().isOk();
        }
        assertThat(page.selectFirst("script[src='/js/ports-live.js']").attr("type")).isEqualTo("module");
    }

    @Test
    void navigationLinksOnlyToPagesThatExist() {
        Elements links = render("/").select("header nav a");

        assertThat(links.eachAttr("href")).containsExactly("/", "/map", "/alerts", "/inventory", "/subnet-managers");
        assertThat(links.first().attr("aria-current")).isEqualTo("page");
        assertThat(links.last().hasAttr("aria-current")).isFalse();
    }

    @Test
    void everyJavaScriptModuleImportsOnlyFromTheServer() {
        for (String module : List.of("/js/ports-live.js", "/js/lib/bind.js", "/js/lib/live-events.js",
                "/js/errors-view.js", "/js/shell.js", "/js/theme-init.js", "/js/lib/shortcuts.js", "/js/lib/vendor.js")) {
            String source = client.get().uri(module).exchange().expectStatus().isOk()
                    .expectBody(String.class).returnResult().getResponseBody();
            assertThat(source).as(module).doesNotContainPattern("(?i)https?://").doesNotContainPattern("from\\s+['\"]//");
        }
    }

    @Test
    void escapesNamesThatAgentsReport() {
        fabric.publish(SampleFabric.T1, List.of(), List.of(
                TestPorts.port("<script>alert(1)</script>", "0x0000000000000bad", 1).build()));

        String html = client.get().uri("/").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(html).doesNotContain("<script>alert(1)</script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(Jsoup.parse(html).selectFirst("section.ports .showing").text()).isEqualTo("showing 1 of 1 port, 1 healthy hidden");
    }

    @Test
    void saysSoWhenNoPortHasBeenReported() {
        fabric.publish(SampleFabric.T1, List.of(), List.of());

        Document page = render("/");

        assertThat(page.select("tbody[data-port-rows] > tr")).isEmpty();
        assertThat(page.selectFirst("[data-ports-empty]").hasAttr("hidden")).isFalse();
        assertThat(page.selectFirst("section.ports .showing").text()).isEqualTo("showing 0 of 0 ports");
        assertThat(summaryValue(page.selectFirst("section.summary"), "lastUpdate")).isEqualTo("—");
    }

    @Test
    void pagesTheNodesTable() {
        List<NodeView> many = IntStream.rangeClosed(1, 150)
                .mapToObj(i -> TestPorts.node("host%03d".formatted(i), "0x%016x".formatted(i), NodeType.CA, 1,
                        SampleFabric.T0))
                .toList();
        fabric.publish(SampleFabric.T1, many, List.of());

        Document first = render("/");
        assertThat(first.select("table.nodes-table tbody tr")).hasSize(100);
        assertThat(first.selectFirst("section.nodes details").hasAttr("open")).isFalse();
        assertThat(first.selectFirst(".pager a[rel=next]").attr("href")).isEqualTo("/?nodes=2#nodes");

        Document second = render("/?nodes=2");
        Elements rows = second.select("table.nodes-table tbody tr");
        assertThat(rows).hasSize(50);
        assertThat(rows.first().selectFirst("td").text()).isEqualTo("host101");
        assertThat(second.selectFirst("section.nodes details").hasAttr("open")).isTrue();
        assertThat(second.selectFirst(".pager").text()).contains("nodes 101–150 of 150 · page 2 of 2");
    }

    @Test
    void refusesNodePagesThatDoNotExistWithAPreciseProblem() {
        client.get().uri("/?nodes=2").exchange()
                .expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo("nodes page 2 does not exist: 5 nodes fill pages 1 to 1 of 100");
        client.get().uri("/?nodes=0").exchange().expectStatus().isNotFound();
        client.get().uri("/?nodes=second").exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail")
                .isEqualTo("query parameter 'nodes' must be a page number from 1 to 1, was 'second'");
    }

    private Document render(String uri) {
        String html = client.get().uri(uri).exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody();
        return Jsoup.parse(html);
    }

    private static String cell(Element row, String path) {
        return row.selectFirst("[data-text='" + path + "']").text();
    }

    private static String summaryValue(Element summary, String field) {
        return summary.selectFirst("[data-text='summary." + field + "']").text();
    }

    private void openAlert(String severity, boolean acknowledged) {
        AlertContext told = new AlertContext("PortRcvErrors +12 in 5m, limit 10", "PortRcvErrors", 12, 10, "in 5m",
                List.of(new AlertEnd(LEAF01, "leaf01", NodeType.SWITCH, 1, 1, true)), List.of(), false);
        long id = alerts.open(new AlertRow(0, "port-rcv-errors|" + UUID.randomUUID(), "port-rcv-errors", severity,
                "PORT", LEAF01, null, null, told.summary(), json.writeValueAsString(told),
                Instant.parse("2026-03-01T12:00:00Z"), null, null, null, null, null, false)).block().id();
        if (acknowledged) {
            alerts.acknowledge(id, Instant.parse("2026-03-01T12:01:00Z"), "noc", null).block();
        }
    }

    /** A count as the strip shows it, with thousands separators ({@code 1,234}). */
    private static long alertCount(Element strip, String severity) {
        String shown = strip.selectFirst("[data-strip-counts] [data-text='shown." + severity + "']").text();
        assertThat(shown).matches("\\d{1,3}(,\\d{3})*");
        return Long.parseLong(shown.replace(",", ""));
    }
}
