package io.fabricpulse.server.web;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.ConsoleMessage;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Request;
import com.microsoft.playwright.impl.TargetClosedError;
import com.microsoft.playwright.options.BoundingBox;
import com.microsoft.playwright.options.WaitForSelectorState;
import com.microsoft.playwright.options.WaitUntilState;
import io.fabricpulse.agent.testing.ThreadDump;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One browser tab on the server under test, which enforces acceptance 3 of the UI ("no page loads
 * anything from outside the server"): every request to another origin is recorded, and {@link #close()}
 * fails the test when there was one. Script errors on the page fail it too. Requests are watched, not
 * intercepted: an intercepted request waits for this (single-threaded) client to let it through.
 * Screenshots go to {@code target/screenshots/<name>.png} on every run.
 */
public final class BrowserPage implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    static final double NAVIGATION_PATIENCE_MS = 60_000;

    private final BrowserContext context;
    private final Page page;
    private final String origin;
    private final List<String> offsite = new CopyOnWriteArrayList<>();
    private final List<String> scriptErrors = new CopyOnWriteArrayList<>();
    /** Console errors a test causes on purpose (its own probe of the page), not the page's. */
    private volatile String expectedErrorStart;
    /** Requests sent and not yet answered, to say which one a page that never finishes loading waits for. */
    private final Map<Request, String> unanswered = new ConcurrentHashMap<>();

    private BrowserPage(BrowserContext context, String origin) {
        this.context = context;
        this.page = context.newPage();
        this.origin = origin;
        page.onPageError(error -> scriptErrors.add(error));
        page.onConsoleMessage(this::recordConsoleError);
        page.onRequest(request -> unanswered.put(request, request.method() + " " + request.url()));
        page.onRequestFinished(unanswered::remove);
        page.onRequestFailed(unanswered::remove);
    }

    static BrowserPage open(Browser browser, String origin, Map<String, String> headers) {
        BrowserContext context = browser.newContext(new Browser.NewContextOptions()
                .setViewportSize(1600, 1000)
                .setExtraHTTPHeaders(headers));
        // Navigations wait for the load event; on a loaded 2-core machine a page that preloads its data (the map)
        // can take longer than Playwright's 30 s default. A wait, not a limit on speed: the benchmarks measure that.
        context.setDefaultNavigationTimeout(NAVIGATION_PATIENCE_MS);
        BrowserPage tab = new BrowserPage(context, origin);
        context.onRequest(request -> {
            if (!sameOrigin(request.url(), origin)) {
                tab.offsite.add(request.url());
            }
        });
        return tab;
    }

    /** Goes to {@code path} on the server ("/inventory") and waits for the load event. */
    public Page go(String path) {
        page.navigate(origin + path);
        return page;
    }

    public Page page() {
        return page;
    }

    /**
     * Reloads and waits until {@code ready} (e.g. the drawn map) is visible, not for the load event. A
     * load that stalls is tried once more, as a person would, and the stalled requests are printed; a
     * second stall fails the test naming them. (CI saw navigations wait 60 s for "load" with a script
     * unanswered and every server event loop idle: Reactor Netty before 1.3.8 stopped reading some keep-alive
     * connections, see KeepAliveConnectionTest. Kept so that a stall of any other cause names its requests.)
     */
    public Page reloadUntil(String ready) {
        return until(ready, () -> page.reload(new Page.ReloadOptions().setWaitUntil(WaitUntilState.COMMIT)));
    }

    /** Goes to {@code path} and waits until {@code ready} is visible, as {@link #reloadUntil} does. */
    public Page goUntil(String path, String ready) {
        return until(ready, () -> page.navigate(origin + path, new Page.NavigateOptions().setWaitUntil(WaitUntilState.COMMIT)));
    }

    private Page until(String ready, Runnable navigation) {
        for (int attempt = 1; ; attempt++) {
            navigation.run();
            try {
                page.locator(ready).waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.VISIBLE)
                        .setTimeout(NAVIGATION_PATIENCE_MS / 2));
                return page;
            } catch (PlaywrightException stalled) {
                String waiting = "after navigation " + attempt + " to " + page.url() + ", " + ready + " was not there within "
                        + (long) (NAVIGATION_PATIENCE_MS / 2000) + " s; requests unanswered: " + unanswered.values();
                if (attempt == 2) {
                    throw new AssertionError(waiting, stalled);
                }
                // The server runs in this JVM: its threads now say what keeps the request unanswered.
                System.err.println("BrowserPage: " + waiting + "; trying once more. The threads of this JVM:\n"
                        + ThreadDump.ofAllThreads());
            }
        }
    }

    /**
     * Evaluates {@code expression} in the page (an async function is awaited) every {@code intervalMs} until it
     * returns a truthy value, and returns that value. Not Playwright's {@code waitForFunction}: its predicate
     * must be synchronous, and an async one passes at once, its promise being truthy (microsoft/playwright#29132).
     */
    public Object pollUntil(String expression, Object arg, double timeoutMs, long intervalMs) {
        long deadline = System.nanoTime() + (long) (timeoutMs * 1e6);
        while (true) {
            Object value = page.evaluate(expression, arg);
            if (truthy(value)) {
                return value;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still not true after " + (long) timeoutMs + " ms: " + expression);
            }
            page.waitForTimeout(intervalMs);
        }
    }

    private static boolean truthy(Object value) {
        return value != null && !Boolean.FALSE.equals(value) && !"".equals(value)
                && !(value instanceof Number number && number.doubleValue() == 0);
    }

    /**
     * Clicks with the mouse, as a person does, at {@code point} ({@code x}, {@code y} numbers, pixels from
     * the element's top left corner) inside the element {@code selector} names, e.g. the map's canvas.
     */
    public void clickInside(String selector, Map<?, ?> point) {
        BoundingBox box = page.locator(selector).boundingBox();
        page.mouse().click(box.x + ((Number) point.get("x")).doubleValue(), box.y + ((Number) point.get("y")).doubleValue());
    }

    /** Saves a screenshot of the whole page to {@code target/screenshots/<name>.png} and returns its path. */
    public Path screenshot(String name) {
        Path png = SCREENSHOTS.resolve(name + ".png");
        try {
            Files.createDirectories(SCREENSHOTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // From the top: a full-page capture keeps the scroll position, so a sticky table head (after a
        // click further down, say) would be drawn over the middle of its table.
        page.evaluate("() => window.scrollTo(0, 0)");
        page.screenshot(new Page.ScreenshotOptions().setPath(png).setFullPage(true));
        return png;
    }

    /** Requests to another origin so far. */
    public List<String> offsiteRequests() {
        return List.copyOf(offsite);
    }

    /** Closes the tab, then fails when the page asked for anything outside the server or threw. */
    @Override
    public void close() {
        // Requests still in flight (a live page's polling, SSE) can make Playwright report the closing
        // context as a TargetClosedError: a context that reports itself closed while closing is closed.
        try {
            context.close();
        } catch (TargetClosedError closing) {
            // closed, which is what was asked
        }
        assertThat(offsite).as("requests to another origin than " + origin).isEmpty();
        assertThat(scriptErrors).as("script errors on the page").isEmpty();
    }

    /** Console errors starting with {@code text} are the test's own doing from now on, not the page's. */
    public void expectConsoleErrorsStartingWith(String text) {
        expectedErrorStart = text;
    }

    private void recordConsoleError(ConsoleMessage message) {
        String expected = expectedErrorStart;
        // A failed request is logged as a console error too; those are judged by the origin rule above.
        if ("error".equals(message.type()) && !message.text().startsWith("Failed to load resource")
                && (expected == null || !message.text().startsWith(expected))) {
            scriptErrors.add(message.text() + " at " + message.location());
        }
    }

    static boolean sameOrigin(String url, String origin) {
        if (url.startsWith("data:") || url.startsWith("blob:")) {
            return true;
        }
        URI a = URI.create(url);
        URI b = URI.create(origin);
        return a.getScheme().equals(b.getScheme()) && a.getHost().equals(b.getHost()) && a.getPort() == b.getPort();
    }
}
