package io.fabricpulse.server.web.node;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.Silences;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.rates.DerivedRates;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.fabric.counterclear.CounterClearRow;
import io.fabricpulse.server.fabric.counterclear.CounterClearSource;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import io.fabricpulse.server.topology.store.ClusterMemberRow;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.PageStateStore;
import io.fabricpulse.server.web.SignedInClient;
import io.fabricpulse.server.web.WebPageTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.fabricpulse.server.web.TestPorts.node;
import static io.fabricpulse.server.web.TestPorts.port;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node and port pages over an in-memory fabric and a real (H2, migrated) state store holding
 * clusters and counter clears: status, identity, ports, peers as links, counters, rates, history, errors.
 */
@WebFluxTest(controllers = NodeController.class)
@WebPageTest
@Import({PageStateStore.class, AlertViews.class, NodePagesTest.FixedClock.class})
class NodePagesTest {

    /** The server's "now" the rate charts' ranges end at. */
    @TestConfiguration(proxyBeanMethods = false)
    static class FixedClock {
        @Bean
        Clock clock() {
            return Clock.fixed(AT.plusSeconds(5), ZoneOffset.UTC);
        }

        @Bean
        Silences silences() {
            return new Silences();
        }
    }

    static final String HOST = "0x0002c90300000420";
    static final String LEAF = "0x0002c90200000103";
    static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");

    @Autowired
    ApplicationContext context;
    @Autowired
    InMemoryFabricView fabric;
    @Autowired
    CounterClearRepository clears;
    @Autowired
    ClusterMemberRepository clusters;
    @Autowired
    ClusterDirectory directory;
    @Autowired
    AlertRepository alerts;
    @Autowired
    JsonMapper json;
    WebTestClient client;

    @BeforeEach
    void publish() {
        // The first page of a run compiles its templates: on a busy 2-core machine that can take seconds.
        client = SignedInClient.of(context).mutate().responseTimeout(Duration.ofSeconds(30)).build();
        List<NodeView> nodes = List.of(
                new NodeView(HOST, "node0420 HCA-1", NodeType.CA, "node0420 HCA-1", "MT4123", "20.31.1014", 2, AT),
                node("leaf03", LEAF, NodeType.SWITCH, 36, AT));
        fabric.publish(AT, nodes, List.of(
                port("node0420 HCA-1", HOST, 1).lid(420).peer(LEAF, 5)
                        .counter("SymbolErrorCounter", 1234, 2.0).counter("PortRcvErrors", 77, 0.25)
                        .counter("PortXmitData", 1_000_000, 250_000.0).bytes(1.0e6, 2.0e6).build(),
                port("node0420 HCA-1", HOST, 2).state(PortState.DOWN, PhysicalState.POLLING).lid(0).build(),
                port("leaf03", LEAF, 5).type(NodeType.SWITCH).lid(3).peer(HOST, 1)
                        .saturated("SymbolErrorCounter", 65535).build(),
                port("leaf03", LEAF, 7).type(NodeType.SWITCH).lid(3).counter("SymbolErrorCounter", 0, 0.0)
                        .derived(new DerivedRates(1.0e11, null, null, null, null, null, null, null, null)).build()));
        clusters.replaceAll(List.of(new ClusterMemberRow("etna", HOST), new ClusterMemberRow("gpu", HOST)))
                .then(directory.reload()).block();
    }

    @Test
    void nodePageShowsIdentityAndEachPortWithItsPeerAsALink() {
        Document page = render("/nodes/" + HOST);

        assertThat(page.title()).isEqualTo("node0420 HCA-1 · FabricPulse");
        assertThat(fact(page, "guid")).isEqualTo(HOST);
        assertThat(fact(page, "type")).isEqualTo("CA");
        assertThat(fact(page, "lids")).isEqualTo("420");
        assertThat(fact(page, "hca-type")).isEqualTo("MT4123");
        assertThat(fact(page, "firmware")).isEqualTo("20.31.1014");
        assertThat(fact(page, "clusters")).isEqualTo("etna, gpu");
        assertThat(fact(page, "last-seen")).isEqualTo("2026-03-01 12:00:00 UTC");

        List<Element> rows = page.select("table.node-ports tbody tr");
        assertThat(rows).extracting(r -> r.attr("data-port")).containsExactly("1", "2");
        assertThat(rows).extracting(r -> r.attr("data-severity")).containsExactly("error", "warn");
        Element peer = rows.getFirst().selectFirst("a[data-peer]");
        assertThat(peer.text()).isEqualTo("leaf03[5]");
        assertThat(peer.attr("href")).isEqualTo("/nodes/" + LEAF + "/ports/5");
        assertThat(rows.getFirst().select("td").get(6).text()).isEqualTo("2");
        assertThat(rows.get(1).selectFirst("a[data-peer]")).as("a Down port has no peer").isNull();
        assertThat(page.selectFirst("a[aria-current=page]")).as("no nav entry is current").isNull();
    }

    @Test
    void portPageShowsCountersRatesSaturationAndTheClearHistory() {
        clears.insertAll(List.of(
                new CounterClearRow(0, LEAF, 5, List.of(PortCounter.SymbolErrorCounter, PortCounter.PortXmitDiscards),
                        AT.minusSeconds(3600), AT.minusSeconds(3610), CounterClearSource.DETECTED, "agent:demo-sim"),
                new CounterClearRow(0, LEAF, 5, List.of(PortCounter.LinkDownedCounter), AT.minusSeconds(60), null,
                        CounterClearSource.REQUESTED, "noc"))).block();

        Document page = render("/nodes/" + LEAF + "/ports/5");

        assertThat(page.title()).isEqualTo("leaf03 port 5 · FabricPulse");
        assertThat(page.selectFirst("main").attr("data-severity")).isEqualTo("error");
        assertThat(fact(page, "state")).isEqualTo("Active");
        assertThat(fact(page, "link")).isEqualTo("4X EDR");
        Element peer = page.selectFirst("[data-fact=peer] a[data-peer]");
        assertThat(peer.text()).isEqualTo("node0420 HCA-1[1]");
        assertThat(peer.attr("href")).isEqualTo("/nodes/" + HOST + "/ports/1");
        Element symbols = page.selectFirst("tr[data-counter=SymbolErrorCounter]");
        assertThat(symbols.select("td").eachText()).containsExactly("error", "≥ 65,535", "—", "2026-03-01 12:00:00");
        assertThat(symbols.selectFirst("time").attr("datetime")).isEqualTo("2026-03-01T12:00:00Z");

        assertThat(page.select("table.clears-table tbody tr")).extracting(Element::text).containsExactly(
                "2026-03-01 11:59:00 LinkDownedCounter requested noc",
                "2026-03-01 11:00:00 SymbolErrorCounter, PortXmitDiscards detected agent:demo-sim");
    }

    @Test
    void portPageGivesEachCounterItsUnit() {
        Document page = render("/nodes/" + HOST + "/ports/1");

        assertThat(rate(page, "SymbolErrorCounter")).isEqualTo("2/s");
        assertThat(rate(page, "PortRcvErrors")).isEqualTo("0.25/s");
        // 250,000 words/s of 4 bytes
        assertThat(rate(page, "PortXmitData")).isEqualTo("1 MB/s");
        assertThat(page.select("tr[data-counter]")).extracting(r -> r.attr("data-counter"))
                .containsExactly("SymbolErrorCounter", "PortRcvErrors", "PortXmitData");
        assertThat(page.selectFirst("p[data-clears-empty]").text()).startsWith("No clear or reset");
    }

    @Test
    void acceptsTheGuidSpellingsOfTheTools() {
        Document page = render("/nodes/2c90300000420");
        assertThat(fact(page, "guid")).isEqualTo(HOST);
    }

    @Test
    void unknownOrMalformedNodesAndPortsGetProblems() {
        problem("/nodes/0x0002c90300009999", 404, "no node 0x0002c90300009999 has been reported (yet)");
        problem("/nodes/node0420", 400,
                "'node0420' is not a node GUID: write 0x and up to 16 hex digits, e.g. 0x0002c903003178f0");
        problem("/nodes/" + HOST + "/ports/7", 404, "node " + HOST + " (node0420 HCA-1) has no port 7; its ports are 1, 2");
        problem("/nodes/" + HOST + "/ports/x", 400, "'x' is not a port number from 0 to 255");
        problem("/nodes/" + HOST + "/ports/256", 400, "'256' is not a port number from 0 to 255");
    }

    @Test
    void hostileAndRandomPathsGetA4xxNeverAServerError() {
        List<String> hostile = new ArrayList<>(List.of("0x" + "f".repeat(17), "0x", "%20", "..%2F..%2Fetc",
                "0x0002c90300000420%00", "\u00e9\u00e9", "-1", "0x-2", "9".repeat(400)));
        Random random = new Random(7);
        String alphabet = "0123456789abcdefxX:-_.~%";
        for (int i = 0; i < 200; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = 1 + random.nextInt(24); n > 0; n--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            hostile.add(text.toString().replace("%", "%25"));
        }
        // A random "1" or "2" is a port this node has: only texts that are no port number go into the port place.
        for (String guid : hostile) {
            List<String> uris = guid.matches("\\d{1,3}") ? List.of("/nodes/" + guid, "/nodes/" + guid + "/ports/1")
                    : List.of("/nodes/" + guid, "/nodes/" + guid + "/ports/1", "/nodes/" + HOST + "/ports/" + guid);
            for (String uri : uris) {
                client.get().uri(URI.create(uri)).exchange()
                        .expectStatus().value(status -> assertThat(status).as(uri).isBetween(400, 499));
            }
        }
    }

    private void problem(String uri, int status, String detail) {
        client.get().uri(uri).exchange()
                .expectStatus().isEqualTo(status)
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo(detail);
    }

    private static String fact(Document page, String name) {
        return page.selectFirst("[data-fact=" + name + "]").text();
    }

    private static String rate(Document page, String counter) {
        return page.selectFirst("tr[data-counter=" + counter + "]").select("td").get(2).text();
    }

    @Test
    void portPageHasRateChartsOfBothEndsWithASeriesPickerAndRanges() {
        Document page = render("/nodes/" + HOST + "/ports/1");

        Element charts = page.selectFirst("section[data-rate-charts]");
        assertThat(charts.attr("data-guid")).isEqualTo(HOST);
        assertThat(charts.attr("data-port")).isEqualTo("1");
        assertThat(charts.attr("data-server-now")).isEqualTo(String.valueOf(AT.plusSeconds(5).toEpochMilli()));
        assertThat(charts.select("[data-chart]").eachAttr("data-chart")).containsExactly("port", "peer");
        assertThat(charts.select("figcaption").eachText()).containsExactly("node0420 HCA-1[1] (this port)", "leaf03[5] (far end)");
        assertThat(charts.selectFirst("figcaption a").attr("href")).isEqualTo("/nodes/" + LEAF + "/ports/5");
        assertThat(charts.select("[data-range]").eachAttr("data-range")).containsExactly("15m", "1h", "6h", "24h");
        assertThat(charts.selectFirst("[data-range][aria-pressed=true]").attr("data-range")).isEqualTo("1h");
        List<Element> series = charts.select("select[data-chart-counter] option");
        assertThat(series.getFirst().attr("value")).isEqualTo("XmitBytesPerSecond");
        assertThat(series.getFirst().hasAttr("selected")).isTrue();
        assertThat(series).extracting(o -> o.attr("value")).contains("RcvBytesPerSecond", "SymbolErrorCounter",
                "PortXmitDiscards", "PortXmitWait").doesNotContain("PortXmitData", "PortRcvData");
        assertThat(series).extracting(o -> o.attr("data-unit")).containsOnly("B/s", "/s", "pkt/s", "ticks/s");
        assertThat(page.select("script[src]").eachAttr("src")).contains("/js/rate-charts.js");
    }

    @Test
    void nodeAndPortPagesListTheirOpenAlertsAndLinkToTheAlertListFilteredToThem() {
        long burst = openAlert("symbol-error-burst", "link:" + LEAF + "/5-" + HOST + "/1", "CRITICAL", "SymbolErrorCounter");
        long other = openAlert("xmit-wait", "port:" + HOST + "/2", "WARNING", "PortXmitWait");

        Document node = render("/nodes/" + HOST);
        assertThat(node.selectFirst("main").attr("data-live-on")).as("re-read when the alerts change too")
                .isEqualTo("fabric alerts");
        assertThat(node.select("[data-live-part=alerts] li[data-open-alert]")).extracting(li -> li.attr("data-alert-id"))
                .containsExactly(String.valueOf(burst), String.valueOf(other));
        assertThat(node.selectFirst("li[data-open-alert] a[data-alert-link]").attr("href")).isEqualTo("/alerts/" + burst);
        assertThat(node.selectFirst("a[data-alerts-list]").attr("href")).isEqualTo("/alerts?state=firing&node=" + HOST);

        Document port = render("/nodes/" + HOST + "/ports/1");
        assertThat(port.select("[data-live-part=alerts] li[data-open-alert]")).extracting(li -> li.attr("data-alert-id"))
                .as("its cable's alert, not the other port's").containsExactly(String.valueOf(burst));
        assertThat(port.selectFirst("a[data-alerts-list]").attr("href"))
                .isEqualTo("/alerts?state=firing&node=" + HOST + "&port=1");
        Element series = port.selectFirst("select[data-chart-counter] option[selected]");
        assertThat(series.attr("value")).as("opens on what the port alerts on").isEqualTo("SymbolErrorCounter");
        assertThat(series.attr("data-steps")).as("an error counter, drawn as steps").isEqualTo("true");
        assertThat(port.selectFirst("option[value=XmitBytesPerSecond]").attr("data-steps")).isEqualTo("false");

        Document far = render("/nodes/" + LEAF + "/ports/5");
        assertThat(far.select("li[data-open-alert]")).extracting(li -> li.attr("data-alert-id"))
                .as("the far end's page lists the cable's alert too").containsExactly(String.valueOf(burst));
        Document quiet = render("/nodes/" + LEAF + "/ports/7");
        assertThat(quiet.selectFirst("[data-no-alerts]").text()).isEqualTo("No open alert on this port.");
        assertThat(quiet.selectFirst("select[data-chart-counter] option[selected]").attr("value"))
                .isEqualTo("XmitBytesPerSecond");
    }

    @Test
    void aSwitchPagePaintsRedOnlyTheCounterThatIsBadAndAPortChartsBytesInPercentOfItsLink() {
        Document leaf = render("/nodes/" + LEAF);
        Element port5 = leaf.selectFirst("tr[data-port=5]");
        assertThat(port5.attr("data-severity")).isEqualTo("error");
        assertThat(port5.selectFirst("td[data-cell=symbol-errors]").hasClass("bad")).as("latched").isTrue();
        assertThat(port5.selectFirst("td[data-cell=xmit-discards]").hasClass("bad"))
                .as("no discards: not red because another counter of the row is").isFalse();
        Element quiet = leaf.selectFirst("tr[data-port=7]");
        assertThat(quiet.select("td.bad")).isEmpty();

        // 4X EDR: 100 Gb/s of data, 12.5 GB/s
        assertThat(render("/nodes/" + LEAF + "/ports/7").selectFirst("section[data-rate-charts]")
                .attr("data-link-bytes-per-second")).isEqualTo("1.25E10");
    }

    @Test
    void aPortWithoutAKnownPeerChartsOnlyItself() {
        Element charts = render("/nodes/" + HOST + "/ports/2").selectFirst("section[data-rate-charts]");

        assertThat(charts.select("figcaption").eachText()).containsExactly("node0420 HCA-1[2] (this port)", "far end");
        assertThat(charts.select("figcaption a")).isEmpty();
    }

    private long openAlert(String rule, String subject, String severity, String counter) {
        AlertContext told = new AlertContext(rule + " on " + subject, counter, 17, 10, "in 5m", List.of(
                new AlertEnd(HOST, "node0420 HCA-1", io.fabricpulse.model.ingest.NodeType.CA, 1, 420, true)), List.of(), false);
        return alerts.open(new AlertRow(0, rule + "|" + subject, rule, severity,
                subject.startsWith("link:") ? "LINK" : "PORT", HOST, subject.startsWith("link:") ? LEAF : null, null,
                told.summary(), json.writeValueAsString(told), AT, null, null, null, null, null, false)).block().id();
    }

    private Document render(String uri) {
        String html = client.get().uri(uri).accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody();
        return Jsoup.parse(html);
    }
}
