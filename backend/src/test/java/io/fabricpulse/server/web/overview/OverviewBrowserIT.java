package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.api.FiringAlerts;
import io.fabricpulse.server.web.alerts.AlertTransitions;
import io.fabricpulse.server.web.alerts.AlertGroups;
import io.fabricpulse.server.web.alerts.LiveAlerts;
import io.fabricpulse.server.web.HeadlessChromium;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.history.FabricHistory;
import io.fabricpulse.server.web.PageHistory;
import io.fabricpulse.server.web.PageStateStore;
import io.fabricpulse.server.web.WebConfiguration;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.http.codec.autoconfigure.CodecsAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.security.autoconfigure.ReactiveUserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.thymeleaf.autoconfigure.ThymeleafAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overview in real Chromium over real HTTP, on a fabric the size of the demo: the page renders
 * behind authentication and its module script starts. (Command-line Chromium returns at the load
 * event and cannot wait for an event to arrive; the live path itself is proven by
 * OverviewEventsTest, and in the browser by the UI suite.) Runs only the web layer
 * (the overview, Spring Security as Boot sets it up, an {@link InMemoryFabricView}), not the rest of
 * the server. Leaves a screenshot in {@code target/screenshots/}.
 */
@SpringBootTest(classes = OverviewBrowserIT.WebOnly.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"fabricpulse.ui.time-zone=UTC", "spring.security.user.name=noc",
                "spring.security.user.password=" + OverviewBrowserIT.PASSWORD})
class OverviewBrowserIT {

    static final String PASSWORD = "browser-test";
    static final Instant START = Instant.parse("2026-03-01T12:00:00Z");

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({PropertyPlaceholderAutoConfiguration.class, NettyReactiveWebServerAutoConfiguration.class,
            HttpHandlerAutoConfiguration.class, WebFluxAutoConfiguration.class, ErrorWebFluxAutoConfiguration.class,
            CodecsAutoConfiguration.class, JacksonAutoConfiguration.class, ThymeleafAutoConfiguration.class,
            ReactiveWebSecurityAutoConfiguration.class, ReactiveUserDetailsServiceAutoConfiguration.class})
    @Import({WebConfiguration.class, InMemoryFabricView.class, OverviewController.class, OverviewEventsController.class,
            OverviewSnapshots.class, LiveOverview.class, FiringAlerts.class, PageStateStore.class, WorstLinks.class,
        AlertViews.class, AlertGroups.class, LiveAlerts.class, AlertTransitions.class, LiveAlertsBeans.class, PageHistory.class,
            FabricHistory.class})
    static class WebOnly {

        /**
         * Every request authenticated, as in the product; by HTTP Basic only, because a command-line
         * Chromium cannot fill a login form but does answer a Basic challenge with the URL's credentials
         * (and reuses them for the page's stylesheet, scripts and event stream).
         */
        @Bean
        SecurityWebFilterChain basicAuthOnly(ServerHttpSecurity http) {
            return http.authorizeExchange(exchanges -> exchanges.anyExchange().authenticated())
                    .httpBasic(Customizer.withDefaults())
                    .build();
        }
    }

    @LocalServerPort
    int port;
    @Autowired
    InMemoryFabricView fabric;

    @BeforeEach
    void publishTheFabric() {
        HeadlessChromium.assumeInstalled();
        FatTreeSample.publish(fabric, START, 1);
    }

    @Test
    void rendersTheDemoSizedFabricAndStartsTheLiveScript() throws Exception {
        Document page = Jsoup.parse(HeadlessChromium.dumpDom(url()));

        assertThat(page.title()).isEqualTo("FabricPulse");
        Elements rows = page.select("tbody[data-port-rows] > tr");
        assertThat(rows).hasSize(100);
        assertThat(rows.first().selectFirst("[data-text=nodeName]").text()).isEqualTo("leaf29");
        assertThat(page.selectFirst("section.ports .showing").text()).isEqualTo("showing 100 of 2592 ports, 94 healthy hidden");
        assertThat(page.selectFirst("[data-text='summary.nodes']").text()).isEqualTo("702");
        // The indicator is hidden in the HTML and shown by ports-live.js: visible means the module and
        // its imports loaded and ran, and opened the event stream.
        Element status = page.selectFirst("[data-live-status]");
        assertThat(status.hasAttr("hidden")).as("live indicator shown by the module").isFalse();
        assertThat(status.attr("data-live-status")).isIn("connecting", "live");
    }

    @Test
    void leavesScreenshots() throws Exception {
        Path top = Path.of("target/screenshots/overview.png");
        Path whole = Path.of("target/screenshots/overview-whole-nodes-page-2.png");

        HeadlessChromium.screenshot(url(), 1600, 1000, top);
        // One window tall enough for the whole page: 100 port rows, then the open nodes section.
        HeadlessChromium.screenshot(url() + "?nodes=2", 1600, 8000, whole);

        assertThat(Files.size(top)).isGreaterThan(10_000);
        assertThat(Files.size(whole)).isGreaterThan(10_000);
    }

    private String url() {
        return "http://noc:" + PASSWORD + "@127.0.0.1:" + port + "/";
    }
}
