package io.fabricpulse.server.web.map;

import io.fabricpulse.server.web.PageHistory;
import io.fabricpulse.server.web.PageStateStore;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import java.time.Clock;
import org.springframework.context.annotation.Import;
import io.fabricpulse.server.web.SignedInClient;
import io.fabricpulse.server.web.WebPageTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The map page's frame: what the map script needs is there, the nav marks it, and it loads only from the server. */
@WebFluxTest(controllers = MapController.class)
@Import({PageStateStore.class, PageHistory.class, MapPageTest.Times.class})
@WebPageTest
class MapPageTest {

    @TestConfiguration(proxyBeanMethods = false)
    static class Times {
        @Bean
        Clock clock() {
            return Clock.systemUTC();
        }
    }

    @Autowired
    ApplicationContext context;

    @Test
    void rendersTheFrameTheMapScriptDrawsInto() {
        String html = SignedInClient.of(context).mutate().responseTimeout(Duration.ofSeconds(30)).build()
                .get().uri("/map").accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        Document page = Jsoup.parse(html);

        assertThat(page.title()).isEqualTo("Map · FabricPulse");
        assertThat(page.selectFirst("nav[aria-label=Main] a[aria-current=page]").text()).isEqualTo("Map");
        assertThat(page.selectFirst("nav[aria-label=Main] a[aria-current=page]").attr("data-shortcut")).isEqualTo("m");
        assertThat(page.selectFirst("main[data-map] [data-map-canvas]")).isNotNull();
        assertThat(page.selectFirst("main[data-map] [data-map-panel]")).isNotNull();
        assertThat(page.selectFirst("form[data-map-search] input[name=q]").attr("type")).isEqualTo("search");
        assertThat(page.selectFirst("[data-health-legend]").text()).contains("OK", "degraded", "errors", "down", "unknown");
        assertThat(page.selectFirst(".load-legend").text()).startsWith("Load");
        assertThat(page.selectFirst(".load-legend [data-load-legend]")).as("map.js draws the widths into it").isNotNull();
        // What map.js needs is asked for while the page parses, from the server only; the layout's own head stays.
        assertThat(page.select("head link[rel=modulepreload]").eachAttr("href")).containsExactly("/js/lib/live-events.js");
        assertThat(page.selectFirst("head link[rel=preload][as=fetch]").attr("href")).isEqualTo("/api/v1/topology/map");
        assertThat(page.selectFirst("head link[rel=stylesheet]").attr("href")).isEqualTo("/css/app.css");
        assertThat(page.select("script[src]").eachAttr("src")).contains("/js/map.js")
                .allSatisfy(src -> assertThat(src).startsWith("/").doesNotStartWith("//"));
        assertThat(page.selectFirst("[data-baseline-offer]").text()).as("a first start: no baseline saved")
                .contains("No topology baseline yet");
        assertThat(page.selectFirst("details[data-unlinked]").attr("data-total")).isEqualTo("0");
    }
}
