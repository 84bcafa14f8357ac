package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.topology.store.ClusterMemberRow;
import io.fabricpulse.server.web.TestPorts;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

import java.util.List;

import static io.fabricpulse.server.web.overview.SampleFabric.LEAF01;
import static io.fabricpulse.server.web.overview.SampleFabric.LEAF02;
import static io.fabricpulse.server.web.overview.SampleFabric.NODE001;
import static io.fabricpulse.server.web.overview.SampleFabric.NODE003;
import static org.assertj.core.api.Assertions.assertThat;

/** The overview's ibcheck -E error view, its errors-only toggle, the state counts and the cluster filter. */
class OverviewErrorsViewTest extends OverviewSliceTest {

    @Test
    void listsErrorCountersWithIbchecksHeadersPortsWithErrorsFirst() {
        Document page = render("/");

        Element section = page.selectFirst("section.errors-view");
        assertThat(section.attr("data-errors-only")).as("errors only by default, as ibcheck -E").isEqualTo("true");
        assertThat(section.select("thead th").eachText()).containsExactly("Node", "Port", "SymbolErrors",
                "LinkRecovers", "LinkDowned", "RcvErrors", "RcvRemotePhysErrors", "RcvSwRelayErrors", "XmtDiscards",
                "XmtConstraintErrors", "RcvConstraintErrors", "LinkIntegrityErrors", "ExcBufOverrunErrors",
                "VL15Dropped");
        assertThat(section.select("thead th").get(2).attr("title")).isEqualTo("SymbolErrorCounter");
        List<Element> rows = section.select("tbody[data-error-rows] > tr");
        assertThat(rows).extracting(r -> r.attr("data-key"))
                .containsExactly(LEAF02 + ":7", LEAF01 + ":3", NODE003 + ":1", NODE001 + ":1");
        assertThat(rows).extracting(r -> r.attr("data-errors")).containsExactly("true", "true", "false", "false");
        assertThat(rows.get(1).select("td").eachText())
                .containsExactly("leaf01", "3", "1234", "—", "—", "—", "—", "—", "10", "—", "—", "—", "—", "—");
        assertThat(rows.get(0).select("td").get(4).text()).as("LinkDowned latched").isEqualTo("≥ 255");
        assertThat(rows.get(1).selectFirst("a").attr("href")).isEqualTo("/nodes/" + LEAF01 + "/ports/3");
        assertThat(section.selectFirst(".showing").text()).isEqualTo("2 ports with error counters above zero");
        Element toggle = section.selectFirst("[data-errors-toggle]");
        assertThat(toggle.attr("aria-pressed")).isEqualTo("true");
        assertThat(toggle.attr("href")).isEqualTo("/?errors=all#errors");
    }

    @Test
    void showsAllPortsWhenAskedAndRefusesAnUnknownView() {
        Element section = render("/?errors=all").selectFirst("section.errors-view");

        assertThat(section.attr("data-errors-only")).isEqualTo("false");
        assertThat(section.selectFirst("[data-errors-toggle]").attr("href")).isEqualTo("/#errors");
        client.get().uri("/?errors=some").exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail")
                .isEqualTo("query parameter 'errors' must be 'only' (ports with errors) or 'all', was 'some'");
    }

    @Test
    void countsPortsByState() {
        fabric.publish(SampleFabric.T1, SampleFabric.nodes(), List.of(
                TestPorts.port("node001", NODE001, 1).build(),
                TestPorts.port("node001", NODE001, 2).state(PortState.INIT, PhysicalState.LINK_UP).build(),
                TestPorts.port("node001", NODE001, 3).state(PortState.ARMED, PhysicalState.LINK_UP).build(),
                TestPorts.port("node003", NODE003, 1).state(PortState.DOWN, PhysicalState.POLLING).build(),
                TestPorts.port("node003", NODE003, 2).state(PortState.DOWN, PhysicalState.DISABLED).build()));

        Element summary = render("/").selectFirst("section.summary");

        assertThat(summary.selectFirst("[data-text='summary.notActive']").text()).isEqualTo("4");
        assertThat(summary.selectFirst("[data-text='summary.down']").text()).isEqualTo("2");
        assertThat(summary.selectFirst("[data-text='summary.init']").text()).isEqualTo("1");
        assertThat(summary.selectFirst("[data-text='summary.armed']").text()).isEqualTo("1");
    }

    @Test
    void filtersByClusterAndListsTheClusters() {
        importClusters(new ClusterMemberRow("etna", NODE001), new ClusterMemberRow("etna", LEAF02),
                new ClusterMemberRow("lr4", NODE003));

        Document whole = render("/");
        assertThat(whole.select("select[name=cluster] option").eachAttr("value")).containsExactly("", "etna", "lr4");
        assertThat(whole.selectFirst("main").attr("data-events")).isEqualTo("/events/ports");

        Document etna = render("/?cluster=etna");
        assertThat(etna.selectFirst("main").attr("data-events")).isEqualTo("/events/ports?cluster=etna");
        assertThat(etna.selectFirst("select[name=cluster] option[selected]").attr("value")).isEqualTo("etna");
        assertThat(etna.select("tbody[data-port-rows] > tr").eachAttr("data-key"))
                .containsExactly(LEAF02 + ":7", NODE001 + ":1");
        assertThat(etna.selectFirst("[data-text='summary.nodes']").text()).isEqualTo("2");
        assertThat(etna.select("table.nodes-table tbody tr")).hasSize(2);
        assertThat(etna.selectFirst("[data-errors-toggle]").attr("href")).isEqualTo("/?cluster=etna&errors=all#errors");

        client.get().uri("/?cluster=nowhere").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail").isEqualTo("no cluster 'nowhere'; the clusters are etna, lr4");
    }

    @Test
    void hidesTheClusterFilterUntilClustersAreImported() {
        assertThat(render("/").selectFirst("[data-cluster-filter]")).isNull();
        client.get().uri("/?cluster=etna").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail")
                .isEqualTo("no cluster 'etna'; no clusters have been imported (fabrics.conf)");
    }

    private Document render(String uri) {
        return Jsoup.parse(client.get().uri(uri).exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody());
    }
}
