package io.fabricpulse.server.web;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Debian's Chromium driven by Playwright for Java, for browser tests that click, type and wait. Never a
 * downloaded browser: these machines have no internet, so Playwright's download is switched off and the
 * system's /usr/bin/chromium is launched. One per test class ({@code @BeforeAll}/{@code @AfterAll});
 * each test opens its own {@link BrowserPage} (a fresh context: no cookies or storage shared).
 *
 * <p>Missing Chromium fails the test when {@code CI=true}, else skips it with what to install.
 */
public final class ChromiumBrowser implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/chromium");

    /** The flags docs/TESTING.md lists: no sandbox (root in CI), no GPU, nothing that phones home. */
    private static final List<String> FLAGS = List.of("--no-sandbox", "--disable-gpu", "--disable-quic",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run");

    private final Playwright playwright;
    private final Browser browser;

    private ChromiumBrowser(Playwright playwright, Browser browser) {
        this.playwright = playwright;
        this.browser = browser;
    }

    /** Launches headless Chromium, or fails (CI) / skips (elsewhere) when it is not installed. */
    public static ChromiumBrowser launch() {
        assumeInstalled();
        Playwright playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        try {
            Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
                    .setExecutablePath(BINARY)
                    .setHeadless(true)
                    .setArgs(FLAGS));
            return new ChromiumBrowser(playwright, browser);
        } catch (RuntimeException e) {
            playwright.close();
            throw e;
        }
    }

    /** Fails (CI) or skips (elsewhere) the calling test when Chromium is not installed. */
    public static void assumeInstalled() {
        if (Files.isExecutable(BINARY)) {
            return;
        }
        String message = BINARY + " is missing: install the Debian package chromium (scripts/install-test-deps.sh)";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
    }

    /**
     * A new page on {@code origin} ({@code http://127.0.0.1:port}), 1600x1000 unless the test resizes it.
     * {@code headers} go with every request (e.g. an Authorization header); may be empty.
     */
    public BrowserPage open(String origin, Map<String, String> headers) {
        return BrowserPage.open(browser, origin, headers);
    }

    @Override
    public void close() {
        try {
            browser.close();
        } finally {
            playwright.close();
        }
    }
}
