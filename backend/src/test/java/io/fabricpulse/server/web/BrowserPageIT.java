package io.fabricpulse.server.web;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The browser harness itself, against a two-line HTTP server: a page that reaches outside the server is
 * recorded and fails the test, a page that does not passes, and a screenshot lands under target/.
 */
class BrowserPageIT {

    @AutoClose
    private static ChromiumBrowser chromium;
    private HttpServer server;
    private String origin;

    @BeforeAll
    static void launch() {
        chromium = ChromiumBrowser.launch();
    }

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        serve("/local", "<!DOCTYPE html><title>local</title><p id=p>only local things</p>");
        // What acceptance 3 forbids: a script from a CDN.
        serve("/cdn", "<!DOCTYPE html><title>cdn</title><script src='http://cdn.example.invalid/lib.js'></script>");
        server.start();
        origin = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aPageThatLoadsOnlyFromTheServerPassesAndLeavesAScreenshot() throws IOException {
        try (BrowserPage tab = chromium.open(origin, Map.of())) {
            assertThat(tab.go("/local").textContent("#p")).isEqualTo("only local things");
            assertThat(Files.size(tab.screenshot("harness-local"))).isPositive();
        }
    }

    @Test
    void aRequestToAnotherOriginIsRecordedAndFailsTheTest() {
        BrowserPage tab = chromium.open(origin, Map.of());
        tab.go("/cdn");

        assertThat(tab.offsiteRequests()).containsExactly("http://cdn.example.invalid/lib.js");
        assertThatThrownBy(tab::close).isInstanceOf(AssertionError.class).hasMessageContaining("cdn.example.invalid");
    }

    @Test
    void sameOriginComparesSchemeHostAndPort() {
        assertThat(BrowserPage.sameOrigin("http://127.0.0.1:8080/x.js", "http://127.0.0.1:8080")).isTrue();
        assertThat(BrowserPage.sameOrigin("http://127.0.0.1:8081/x.js", "http://127.0.0.1:8080")).isFalse();
        assertThat(BrowserPage.sameOrigin("https://127.0.0.1:8080/x.js", "http://127.0.0.1:8080")).isFalse();
        assertThat(BrowserPage.sameOrigin("http://localhost:8080/x.js", "http://127.0.0.1:8080")).isFalse();
    }

    private void serve(String path, String html) {
        server.createContext(path, exchange -> {
            byte[] body = html.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
    }
}
