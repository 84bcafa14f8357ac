package io.fabricpulse.server.history;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import io.fabricpulse.server.topology.CableHistory;
import io.fabricpulse.server.topology.LinkHealth;
import io.fabricpulse.server.topology.TopologyDocument;
import io.fabricpulse.server.topology.TopologyViews;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The fabric at a past instant, rebuilt from stored history across faults with known times ({@link KnownFault}): inside
 * the cable fault the cable is red on the map and in the overview's worst links and its alert is in the strip; after
 * it and now, neither. The cable pulled at a known time is there, red, just before, and gone from then on and now;
 * before the cables were first seen, neither they nor their nodes are. Bad instants are 400 problems naming {@code at}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FabricHistoryTest extends ServerTest {

    @Autowired
    SeriesStore series;
    @Autowired
    AlertRepository alerts;
    @Autowired
    JsonMapper json;
    @Autowired
    FabricHistory history;
    @Autowired
    TopologyViews views;
    @Autowired
    FabricView fabric;
    @Autowired
    CableHistory cables;

    private KnownFault fault;
    private AutoCloseable reporting;

    @BeforeAll
    void storeAFault() {
        Consumer<IngestBatch> ingest = batch -> ingest(TestBatches.json(batch)).expectStatus().isAccepted();
        fault = KnownFault.store(series, alerts, cables, json, ingest);
        reporting = fault.keepReporting(ingest);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(views.document(Set.of(fault.host())), 1) != null
                && cables.of(fault.host(), 2).map(linked -> linked.lostAt() != null).orElse(false));
    }

    @AfterAll
    void stopReporting() throws Exception {
        reporting.close();
    }

    @Test
    void insideTheFaultTheCableIsRedFromTheStoredRatesAndAfterItAndNowItIsNot() {
        PastFabric then = history.at(fault.inside()).block();
        assertThat(then.ports().port(fault.host(), 1).rates())
                .containsEntry("SymbolErrorCounter", KnownFault.ERRORS_PER_SECOND);
        assertThat(status(past(then), 1)).isEqualTo(LinkHealth.Status.ERRORS);
        assertThat(then.notes()).anySatisfy(note -> assertThat(note).startsWith("Cables from the cable history"));

        PastFabric after = history.at(fault.after()).block();
        assertThat(status(past(after), 1)).isEqualTo(LinkHealth.Status.OK);
        assertThat(status(views.document(Set.of(fault.host())), 1)).as("now").isEqualTo(LinkHealth.Status.OK);
    }

    @Test
    void theCablePulledAtAKnownTimeIsThereRedJustBeforeAndGoneFromThenOnAndBeforeItsFirstSightingNothingIs() {
        assertThat(cables.of(fault.host(), 2)).as("the loss the live topology saw, with its last sighting")
                .hasValueSatisfying(linked -> {
                    assertThat(linked.lostAt()).isEqualTo(fault.removed());
                    assertThat(linked.lastSeen()).isEqualTo(fault.beforeRemoval());
                    assertThat(linked.firstSeen()).isEqualTo(fault.cabled());
                });
        PastFabric before = history.at(fault.beforeRemoval()).block();
        assertThat(status(past(before), 2)).as("drawn back, red from its errors then").isEqualTo(LinkHealth.Status.ERRORS);
        assertThat(before.notes()).contains("1 cable gone now is drawn back as in place then, without width or speed (not stored).");

        assertThat(status(past(history.at(fault.removed()).block()), 2)).as("seen gone then").isNull();
        assertThat(status(views.document(Set.of(fault.host())), 2)).as("now").isNull();
        assertThat(status(views.document(Set.of(fault.host())), 1)).as("the other cable now").isNotNull();

        PastFabric earlier = history.at(fault.cabled().minusSeconds(60)).block();
        assertThat(past(earlier).links()).as("neither cable yet").isEmpty();
        assertThat(earlier.topology().nodes()).as("nor their nodes").doesNotContainKeys(fault.host(), fault.leaf());
        assertThat(earlier.notes()).anySatisfy(note -> assertThat(note).contains("first seen after this time"));

        Document overview = page("/?at=" + fault.beforeRemoval());
        assertThat(linkRows(overview)).as("the pulled cable among the worst links then").singleElement()
                .satisfies(row -> assertThat(row.attr("data-status")).isEqualTo("errors"));
        assertThat(overview.select("[data-past-banner] .past-notes li").eachText()).contains(
                "1 cable gone now is drawn back as in place then, without width or speed (not stored).");
        assertThat(linkRows(page("/?at=" + fault.removed()))).as("gone then").isEmpty();
        read("/api/v1/topology/map?at=" + fault.beforeRemoval()).expectStatus().isOk().expectBody()
                .jsonPath("$.worst[?(@.a.nodeGuid == '" + fault.host() + "' || @.b.nodeGuid == '" + fault.host() + "')].status")
                .isEqualTo(List.of("ERRORS"));
        read("/api/v1/topology/map?at=" + fault.removed()).expectStatus().isOk().expectBody()
                .jsonPath("$.worst[?(@.a.nodeGuid == '" + fault.host() + "' || @.b.nodeGuid == '" + fault.host() + "')]")
                .isEmpty();
        Document map = page("/map?at=" + fault.cabled().minusSeconds(60));
        assertThat(map.select("[data-past-banner] .past-notes li").eachText())
                .anySatisfy(note -> assertThat(note).contains("first seen after this time are left out"));
    }

    @Test
    void aPortNotActiveAlertOpenAtAnInstantMakesTheCableDownThenAndOnlyThen() {
        Instant from = fault.end().plusSeconds(30);
        fault.storeDown(alerts, json, from, from.plusSeconds(60));

        PastFabric down = history.at(from.plusSeconds(30)).block();
        assertThat(status(past(down), 1)).isEqualTo(LinkHealth.Status.DOWN);
        Document page = page("/?at=" + from.plusSeconds(30));
        assertThat(linkRow(page).attr("data-status")).isEqualTo("down");
        assertThat(status(past(history.at(fault.after()).block()), 1)).as("resolved by then").isEqualTo(LinkHealth.Status.OK);
    }

    @Test
    void theOverviewAtTheFaultShowsItsAlertAndTheRedCableAndNowShowsNeither() {
        Document past = page("/?at=" + fault.inside());
        assertThat(past.selectFirst("[data-past-banner]").hasAttr("hidden")).isFalse();
        assertThat(past.selectFirst("[data-past-banner]").text()).contains("paused");
        assertThat(past.selectFirst("[data-past-time]").attr("datetime")).isEqualTo(fault.inside().toString());
        assertThat(stripIds(past)).contains(String.valueOf(fault.alertId()));
        assertThat(linkRow(past)).as("the cable among the worst links then").isNotNull();
        assertThat(linkRow(past).attr("data-status")).isEqualTo("errors");
        assertThat(past.select("section.ports")).as("no history: left out").isEmpty();

        Document now = page("/");
        assertThat(now.selectFirst("[data-past-banner]").hasAttr("hidden")).as("live: no past banner shown").isTrue();
        assertThat(now.select("section.ports")).isNotEmpty();
        assertThat(stripIds(now)).doesNotContain(String.valueOf(fault.alertId()));
        assertThat(linkRow(now)).isNull();
    }

    @Test
    void theMapAtTheFaultDrawsTheCableRedAndNowGreen() {
        read("/api/v1/topology/map?at=" + fault.inside()).expectStatus().isOk().expectBody()
                .jsonPath("$.worst[?(@.a.nodeGuid == '" + fault.host() + "' || @.b.nodeGuid == '" + fault.host() + "')].status")
                .isEqualTo(List.of("ERRORS"));
        read("/api/v1/topology/map").expectStatus().isOk().expectBody()
                .jsonPath("$.worst[?(@.a.nodeGuid == '" + fault.host() + "' || @.b.nodeGuid == '" + fault.host() + "')]")
                .isEmpty();
    }

    @Test
    void anInstantThatIsNoneInTheFutureOrBeforeTheHistoryIsAProblemNamingAt() {
        Instant future = Instant.now().plus(Duration.ofHours(1));
        Instant tooOld = Instant.now().minus(Duration.ofDays(2));
        for (String at : List.of("yesterday", future.toString(), tooOld.toString())) {
            for (String path : List.of("/api/v1/topology/map", "/api/v1/topology/map/cables?node=x&", "/", "/map")) {
                String uri = path + (path.endsWith("&") ? "" : "?") + "at=" + at;
                read(uri).expectStatus().isBadRequest()
                        .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                        .expectBody().jsonPath("$.errors[0].path").isEqualTo("at")
                        .jsonPath("$.detail").value(detail -> assertThat(detail.toString()).startsWith("at: "));
            }
        }
        read("/api/v1/topology/map?at=" + future).expectBody().jsonPath("$.detail")
                .value(detail -> assertThat(detail.toString()).contains("is in the future"));
        read("/api/v1/topology/map?at=" + tooOld).expectBody().jsonPath("$.detail")
                .value(detail -> assertThat(detail.toString()).contains("before the oldest instant shown"));
    }

    private TopologyDocument past(PastFabric then) {
        return views.document(then.topology(), Set.of(fault.host()), then.ports());
    }

    /** The health of the cable at the host's {@code port}, null when there is none. */
    private LinkHealth.Status status(TopologyDocument document, int port) {
        return document.links().stream()
                .filter(link -> link.a().nodeGuid().equals(fault.host()) && link.a().port() == port
                        || link.b().nodeGuid().equals(fault.host()) && link.b().port() == port)
                .map(link -> link.health().status()).findFirst().orElse(null);
    }

    private List<Element> linkRows(Document page) {
        return page.select("[data-link-rows] tr").stream().filter(tr -> tr.text().contains(fault.hostName())).toList();
    }

    private Document page(String uri) {
        String html = read(uri).expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
        return Jsoup.parse(html);
    }

    private static List<String> stripIds(Document page) {
        return page.select("[data-strip-lines] li").eachAttr("data-alert-id");
    }

    private Element linkRow(Document page) {
        return page.select("[data-link-rows] tr").stream()
                .filter(tr -> tr.text().contains(fault.hostName())).findFirst().orElse(null);
    }
}
