package io.fabricpulse.server.web;

import com.microsoft.playwright.Page;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.history.KnownFault;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
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
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Acceptance 4 of issue 23 in real Chromium on the demo server: a cable fault with known times ({@link KnownFault}: 15
 * to 10 minutes ago, its alert fired and resolved then) is stored; the time slider moved into the fault shows the
 * cable red among the worst links and on the map and its alert in the strip, under a banner with the time; moved past
 * the fault, neither; Escape returns to live. At a 1600 x 1000 desk and on a 1920 x 1080 wall, nothing that is a
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

    private KnownFault fault;
    private AutoCloseable reporting;

    @BeforeAll
    void storeAFault() {
        fault = KnownFault.store(series, alerts, json, this::post);
        reporting = fault.keepReporting(this::post);
        await().atMost(Duration.ofSeconds(60)).until(() -> get("/api/v1/topology/map/find?q=" + fault.hostName()) == 200);
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
            assertThat((String) then.get("banner")).contains("Past view", "Live updates are paused", "Topology as now");
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
            String typed = fault.after().toString().substring(0, 19);
            page.locator("[data-time-exact]").fill(typed);
            page.locator("[data-time-form] button[type=submit]").click();
            tab.pollUntil("() => document.querySelector('main[data-map]').dataset.shownAt === '" + fault.after() + "'",
                    null, PATIENCE_MS, 100);
            assertThat(worstOnMap(page)).as("healthy after the fault").isEmpty();

            // A time in the future is refused where it was typed; nothing moves.
            page.locator("[data-time-exact]").fill(Instant.now().plus(Duration.ofHours(2)).toString().substring(0, 19));
            page.locator("[data-time-form] button[type=submit]").click();
            page.locator("[data-time-error]").waitFor(visible());
            assertThat(page.locator("[data-time-error]").textContent()).contains("in the future");
            assertThat(page.locator("main[data-map]").getAttribute("data-shown-at")).isEqualTo(fault.after().toString());

            page.locator("[data-time-live]").click();
            page.waitForURL(url -> !url.contains("at="));
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
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/ingest"))
                .header("Authorization", "Bearer " + ServerTest.AGENT_TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(TestBatches.json(batch))).build());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(202);
    }

    private int get(String path) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", basicAuth()).GET().build()).statusCode();
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
