package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.util.Map;

/**
 * The whole server running the demo fabric (648 hosts, 702 nodes, the scripted faults of
 * demo-faults.txt, polled every second) and one headless Chromium, for browser tests and benchmarks.
 * Pages are opened signed in as the admin by HTTP Basic. Subclasses share one server (same configuration,
 * so Spring's test context cache starts it once).
 */
@Tag("browser")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.demo.enabled=true",
        "fabricpulse.demo.interval=1s",
        // A state store of its own: other tests of this JVM share the default in-memory one, and their alerts
        // (nodes this fabric does not have, named by GUID) would show on the demo's pages.
        "spring.r2dbc.url=r2dbc:h2:mem:///demo-browser?options=DB_CLOSE_DELAY=-1",
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        // The settings test's local webhook sink listens on 127.0.0.1, an inward address.
        "fabricpulse.notify.allowed-ranges=127.0.0.1/32",
        "fabricpulse.security.admin-password={bcrypt}$2a$04$meyztND9bLaJYGN/SpRtCOYjT88C3tEj.Jqt3Jmc/ZubRfCdVvTra"})
abstract class DemoServerBrowserTest {

    /** Long enough for the demo's first polls on a busy 2-core machine; a wait, not an assertion on speed. */
    static final double PATIENCE_MS = 60_000;

    @AutoClose
    private static ChromiumBrowser chromium;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) throws IOException {
        String dataDir = Files.createTempDirectory("fabricpulse-ui-it").toString();
        registry.add("fabricpulse.data-dir", () -> dataDir);
    }

    @BeforeAll
    static void launch() {
        chromium = ChromiumBrowser.launch();
    }

    BrowserPage open() {
        return chromium.open("http://127.0.0.1:" + port, Map.of("Authorization", basicAuth()));
    }

    /** A tab without credentials: a newcomer's browser before signing in through the login form. */
    BrowserPage openSignedOut() {
        return chromium.open("http://127.0.0.1:" + port, Map.of());
    }

    static String basicAuth() {
        return "Basic " + Base64.getEncoder().encodeToString(
                (ServerTest.ADMIN + ":" + ServerTest.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    static Locator.WaitForOptions visible() {
        return new Locator.WaitForOptions().setState(WaitForSelectorState.VISIBLE).setTimeout(PATIENCE_MS);
    }
}
