package io.fabricpulse.server.web;

import com.microsoft.playwright.Page;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.history.KnownFault;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.testing.AgentPosts;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import io.fabricpulse.server.topology.CableHistory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Acceptance 4 of issue 23 in real Chromium on the demo server: a cable fault with known times ({@link KnownFault}: 15
 * to 10 minutes ago, its alert fired and resolved then) is stored; the time slider moved into the fault shows the
 * cable red among the worst links and on the map and its alert in the strip, under a banner with the time; moved past
 * the fault, neither; Escape returns to live. A topology fault too: a cable pulled at a known time is drawn (red, from
 * its errors then) just before it, gone from then on as now, and before the cables were first seen neither they nor
 * their leaf are on the map; the notes say so. At a 1600 x 1000 desk and on a 1920 x 1080 wall, nothing that is a
 * time, a port or a severity is cut off (screenshots {@code slider-*.png}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimeSliderBrowserIT extends DemoServerBrowserTest {

    /** The strip's alert ids, the worst links' (status, host end) and the banner, as the page shows them. */
    private static final String SHOWN = """
            () => ({
              strip: [...document.querySelectorAll('[data-strip-lines] li')].map(li => li.dataset.alertId),
              links: [...document.querySelectorAll('[data-link-rows] tr')].map(tr => tr.dataset.status + ' ' + tr.textContent),
              banner: document.querySelector('[data-past-banner]').hidden ? null
                  : document.querySelector('[data-past-banner]').textContent.replace(/\\s+/g, ' ').trim(),
              time: document.querySelector('[data-past-time]').textContent,
              label: document.querySelector('[data-time-label]').textContent,
            })""";

    @Autowired
    SeriesStore series;
    @Autowired
    AlertRepository alerts;
    @Autowired
    JsonMapper json;
    @Autowired
    CableHistory cables;

    private KnownFault fault;
    private AutoCloseable reporting;
    /** The drawn node the host is in on the live map. */
    private String drawnHosts;

    @BeforeAll
    void storeAFault() {
        // The demo fabric first: its cables' first sightings are then before the faults' times, so it is drawn there too.
        await().atMost(Duration.ofSeconds(120)).until(() -> json.readTree(read("/api/v1/topology/map"))
                .get("summary").get("nodes").asInt() >= DEMO_NODES);
        fault = KnownFault.store(series, alerts, cables, json, this::post);
        reporting = fault.keepReporting(this::post);
        await().atMost(Duration.ofSeconds(60)).until(() -> get("/api/v1/topology/map/find?q=" + fault.hostName()) == 200
                && cables.of(fault.host(), 2).map(linked -> linked.lostAt() != null).orElse(false));
        drawnHosts = json.readTree(read("/api/v1/topology/map/find?q=" + fault.hostName())).get("drawn").asString();
    }

    @AfterAll
    void stopReporting() throws Exception {
        reporting.close();
    }

    @Test
    void theSliderMovedAcrossAKnownFaultShowsItOnTheOverviewThenNotAndEscapeGoesLive() {
        try (BrowserPage tab = open()) {
            Page page = tab.goUntil("/", "[data-time-slider] [data-time-range]");
            page.waitForLoadState();
            Map<String, Object> now = shown(page);
            assertThat(now.get("banner")).as("live: no banner").isNull();
            assertThat(now.get("label")).isEqualTo("live");
            assertThat(list(now.get("strip"))).doesNotContain(String.valueOf(fault.alertId()));
            assertThat(hostLinks(now)).isEmpty();

            move(tab, fault.inside());
            Map<String, Object> then = shown(page);
            assertThat(list(then.get("strip"))).as("the fault's alert fired then").contains(String.valueOf(fault.alertId()));
            assertThat(hostLinks(then)).as("its cable among the worst links, red").singleElement()
                    .satisfies(row -> assertThat(row).startsWith("errors "));
            assertThat((String) then.get("banner")).contains("Past view", "Live updates are paused", "Cables from the cable history");
            assertThat((String) then.get("time")).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
            assertThat(page.url()).contains("at=");
            assertThat(page.evaluate(NocWallBrowserIT.CUT_OFF, "main")).as("cut off at 1600 x 1000").isEqualTo(List.of());
            tab.screenshot("slider-overview-past-1600");

            // One minute on by keyboard: still inside the fault.
            String before = page.locator("main").getAttribute("data-shown-at");
            page.locator("[data-time-range]").focus();
            page.keyboard().press("ArrowRight");
            tab.pollUntil("(before) => Date.parse(document.querySelector('main').dataset.shownAt) - Date.parse(before) === 60000",
                    before, PATIENCE_MS, 100);
            assertThat(list(shown(page).get("strip"))).contains(String.valueOf(fault.alertId()));

            move(tab, fault.after());
            Map<String, Object> after = shown(page);
            assertThat(list(after.get("strip"))).as("resolved by then").doesNotContain(String.valueOf(fault.alertId()));
            assertThat(hostLinks(after)).as("healthy again").isEmpty();
            assertThat(after.get("banner")).isNotNull();

            page.keyboard().press("Escape");
            page.waitForURL(url -> !url.contains("at="));
            page.locator("[data-strip-lines]").waitFor();
            assertThat(shown(page).get("banner")).as("back to live").isNull();
        }
    }

    @Test
    void theMapAtTheFaultDrawsTheCableRedAndAnExactTimeAfterItDoesNot() {
        try (BrowserPage tab = open()) {
            Page page = tab.goUntil("/map?at=" + fault.inside(), "main[data-map][data-drawn=true]");
            page.waitForLoadState();
            assertThat(worstOnMap(page)).as("the cable red on the map then").containsExactly("ERRORS");
            assertThat(page.locator("[data-map-panel] li[data-status=ERRORS]").filter(
                    new com.microsoft.playwright.Locator.FilterOptions().setHasText(fault.hostName())).count()).isEqualTo(1);
            assertThat((String) shown(page).get("banner")).contains("Past view");
            assertThat(page.evaluate(NocWallBrowserIT.CUT_OFF, "main")).as("cut off at 1600 x 1000").isEqualTo(List.of());
            tab.screenshot("slider-map-past-1600");

            // The exact time, typed as a person types it (the server's zone, UTC in these tests).
            page.locator("[data-time-exact]").fill(fieldValue(fault.after()));
            page.locator("[data-time-form] button[type=submit]").click();
            tab.pollUntil("() => document.querySelector('main[data-map]').dataset.shownAt === '" + fault.after() + "'",
                    null, PATIENCE_MS, 100);
            assertThat(worstOnMap(page)).as("healthy after the fault").isEmpty();

            // A time in the future is refused where it was typed; nothing moves.
            page.locator("[data-time-exact]").fill(fieldValue(Instant.now().plus(Duration.ofHours(2))));
            page.locator("[data-time-form] button[type=submit]").click();
            page.locator("[data-time-error]").waitFor(visible());
            assertThat(page.locator("[data-time-error]").textContent()).contains("in the future");
            assertThat(page.locator("main[data-map]").getAttribute("data-shown-at")).isEqualTo(fault.after().toString());

            page.locator("[data-time-live]").click();
            page.waitForURL(url -> !url.contains("at="));
        }
    }

    @Test
    void theCablePulledAtAKnownTimeIsOnTheMapAndOverviewJustBeforeAndGoneFromThenAndBeforeItsFirstSightingNothingIs() {
        try (BrowserPage tab = open()) {
            Page page = tab.goUntil("/map?at=" + fault.beforeRemoval(), "main[data-map][data-drawn=true]");
            page.waitForLoadState();
            Map<String, Object> before = mapShown(page);
            assertThat(list(before.get("worst"))).as("the pulled cable drawn back, red from its errors then")
                    .containsExactly("ERRORS " + fault.host() + "[2]");
            assertThat(list(before.get("cables"))).as("the side panel's cables of the host's drawn node")
                    .containsExactlyInAnyOrder("OK " + fault.host() + "[1]", "ERRORS " + fault.host() + "[2]");
            assertThat(list(before.get("notes"))).anySatisfy(note -> assertThat(note).matches(DRAWN_BACK));
            assertThat(page.evaluate(NocWallBrowserIT.CUT_OFF, "main")).as("cut off at 1600 x 1000").isEqualTo(List.of());
            tab.screenshot("slider-map-before-pull-1600");

            typeExactTime(tab, fault.removed());
            Map<String, Object> pulled = mapShown(page);
            assertThat(list(pulled.get("worst"))).as("gone from the instant it was seen gone").isEmpty();
            assertThat(list(pulled.get("cables"))).containsExactly("OK " + fault.host() + "[1]");

            typeExactTime(tab, fault.cabled().minusSeconds(60));
            Map<String, Object> earlier = mapShown(page);
            assertThat(list(earlier.get("cables"))).as("neither cable yet").isEmpty();
            assertThat(list(earlier.get("notes"))).anySatisfy(note -> assertThat(note)
                    .contains("first seen after this time are left out"));
            tab.screenshot("slider-map-before-cabled-1600");

            page.locator("[data-time-live]").click();
            page.waitForURL(url -> !url.contains("at="));
            page.locator("main[data-map][data-drawn=true]").waitFor();
            assertThat(list(mapShown(page).get("worst"))).as("now: not drawn").isEmpty();
        }
        try (BrowserPage tab = open()) {
            Page page = tab.goUntil("/?at=" + fault.beforeRemoval(), "[data-time-slider] [data-time-range]");
            page.waitForLoadState();
            Map<String, Object> before = shown(page);
            assertThat(hostLinks(before)).as("the pulled cable among the worst links then").singleElement()
                    .satisfies(row -> assertThat(row).startsWith("errors "));
            assertThat((String) before.get("banner")).containsPattern(DRAWN_BACK);
            tab.screenshot("slider-overview-before-pull-1600");

            typeExactTime(tab, fault.removed());
            Map<String, Object> pulled = shown(page);
            assertThat(hostLinks(pulled)).as("gone then, though its errors are in the minute before").isEmpty();
        }
    }

    @Test
    void onAWallThePastIsReadableAndNothingScrolls() {
        try (BrowserPage tab = open()) {
            tab.page().setViewportSize(1920, 1080);
            Page page = tab.goUntil("/?wall=1&at=" + fault.inside(), "[data-strip-lines] li:first-child");
            page.waitForLoadState();
            page.locator("[data-wall-map][data-drawn=true]").waitFor(visible());
            assertThat(list(shown(page).get("strip"))).contains(String.valueOf(fault.alertId()));
            assertThat(worstOnMap(page)).as("the cable red on the wall's map").containsExactly("ERRORS");
            @SuppressWarnings("unchecked")
            Map<String, Object> layout = (Map<String, Object>) page.evaluate("""
                    () => ({ scrollH: document.scrollingElement.scrollHeight, h: innerHeight,
                             scrollW: document.scrollingElement.scrollWidth, w: innerWidth,
                             banner: document.querySelector('[data-past-banner]').getBoundingClientRect().height })""");
            tab.screenshot("slider-overview-wall-1920");
            assertThat(((Number) layout.get("scrollH")).doubleValue()).as("no vertical scrolling")
                    .isLessThanOrEqualTo(((Number) layout.get("h")).doubleValue());
            assertThat(((Number) layout.get("scrollW")).doubleValue()).as("no horizontal scrolling")
                    .isLessThanOrEqualTo(((Number) layout.get("w")).doubleValue());
            assertThat(((Number) layout.get("banner")).doubleValue()).as("the banner shows").isPositive();
            assertThat(page.evaluate(NocWallBrowserIT.CUT_OFF, "main")).as("cut off on the wall").isEqualTo(List.of());
        }
    }

    /** The demo fabric's nodes (648 hosts and their switches). */
    private static final int DEMO_NODES = 702;
    /** The note of cables drawn back (the demo's flapping link may be one of them). */
    private static final String DRAWN_BACK = "\\d+ cables? gone now (is|are) drawn back as in place then, without width or speed \\(not stored\\)\\.";

    /**
     * {@code at} as the exact time field holds it (UTC here): Chromium keeps a datetime-local value without ":00"
     * seconds, and Playwright's fill calls a value that reads back otherwise malformed (a run failed at hh:mm:00).
     */
    private static String fieldValue(Instant at) {
        LocalDateTime local = LocalDateTime.ofInstant(at.truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
        return local.format(DateTimeFormatter.ofPattern(local.getSecond() == 0 ? "yyyy-MM-dd'T'HH:mm" : "yyyy-MM-dd'T'HH:mm:ss"));
    }

    /** Types {@code at} into the exact time field as a person does (UTC here) and waits until the page shows it. */
    private static void typeExactTime(BrowserPage tab, Instant at) {
        Page page = tab.page();
        page.locator("[data-time-exact]").fill(fieldValue(at));
        page.locator("[data-time-form] button[type=submit]").click();
        tab.pollUntil("(iso) => document.querySelector('main').dataset.shownAt === iso", at.toString(), PATIENCE_MS, 100);
    }

    /**
     * What the map shows at its instant: the worst cables at the host, the host's cables as the side panel lists those
     * of its drawn node (the drawn node the live map finds it in; none when that node is not drawn then), each as
     * "status host[port]", and the notes.
     */
    @SuppressWarnings("unchecked")
    private Map<String, Object> mapShown(Page page) {
        return (Map<String, Object>) page.evaluate("""
                async ([host, drawn]) => {
                  const graph = document.querySelector('[data-map-canvas]').graph;
                  const at = document.querySelector('main').dataset.shownAt;
                  const named = (c) => c.status + ' ' + host + '[' + (c.a.nodeGuid === host ? c.a.port : c.b.port) + ']';
                  const atHost = (c) => c.a.nodeGuid === host || c.b.nodeGuid === host;
                  const answer = await fetch('/api/v1/topology/map/cables?node=' + encodeURIComponent(drawn)
                      + (at ? '&at=' + encodeURIComponent(at) : ''));
                  return {
                    worst: graph.worst.filter(atHost).map(named),
                    cables: answer.ok ? (await answer.json()).filter(atHost).map(named) : [],
                    notes: [...document.querySelectorAll('[data-past-banner] .past-notes li')].map(li => li.textContent),
                  };
                }""", List.of(fault.host(), drawnHosts));
    }

    /** Moves the slider to {@code at} as a drag does (input events, then change) and waits until the page shows it. */
    private static void move(BrowserPage tab, Instant at) {
        Object iso = tab.page().evaluate("""
                (at) => {
                  const slider = document.querySelector('[data-time-slider]');
                  const range = slider.querySelector('[data-time-range]');
                  range.value = String(Math.round((Date.parse(at) - Date.parse(slider.dataset.now)) / 60000) * 60);
                  range.dispatchEvent(new Event('input', { bubbles: true }));
                  range.dispatchEvent(new Event('change', { bubbles: true }));
                  return new Date(Date.parse(slider.dataset.now) + Number(range.value) * 1000).toISOString().replace('.000Z', 'Z');
                }""", at.toString());
        tab.pollUntil("(iso) => document.querySelector('main').dataset.shownAt === iso", iso, PATIENCE_MS, 100);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> shown(Page page) {
        return (Map<String, Object>) page.evaluate(SHOWN);
    }

    private List<String> hostLinks(Map<String, Object> shown) {
        return list(shown.get("links")).stream().filter(row -> row.contains(fault.hostName())).toList();
    }

    @SuppressWarnings("unchecked")
    private List<String> worstOnMap(Page page) {
        return (List<String>) page.evaluate("() => document.querySelector('[data-map-canvas]').graph.worst"
                + ".filter(c => c.a.nodeGuid === '" + fault.host() + "' || c.b.nodeGuid === '" + fault.host() + "')"
                + ".map(c => c.status)");
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object value) {
        return (List<String>) value;
    }

    private void post(IngestBatch batch) {
        HttpResponse<String> answer = AgentPosts.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/ingest"))
                .header("Authorization", "Bearer " + ServerTest.AGENT_TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(TestBatches.json(batch))).build());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(202);
    }

    private int get(String path) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", basicAuth()).GET().build()).statusCode();
    }

    private String read(String path) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", basicAuth()).GET().build());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer.body();
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
