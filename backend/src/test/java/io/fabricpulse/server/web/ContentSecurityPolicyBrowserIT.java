package io.fabricpulse.server.web;

import com.microsoft.playwright.Page;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20's Content-Security-Policy in real Chromium: every page runs under it without a single violation
 * (the browser reports each one as a {@code securitypolicyviolation} event and a console error, which
 * {@link BrowserPage} fails on), and it holds: a script injected inline, as a stored cross-site script
 * would be, does not run. Pages are opened until their own module has run (its data drawn), so a
 * violation of a lazily loaded library (ECharts) shows too.
 */
class ContentSecurityPolicyBrowserIT extends DemoServerBrowserTest {

    /** Records violations from the first moment of every document, before any of the page's own code runs. */
    private static final String RECORD_VIOLATIONS = "window.__csp = [];"
            + "document.addEventListener('securitypolicyviolation', e => window.__csp.push("
            + "e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sample || '')));";

    /** What an attacker's stored markup would try: an inline script and an inline handler. */
    private static final String INJECT = "() => { const s = document.createElement('script');"
            + "s.textContent = 'window.__injected = true'; document.head.appendChild(s);"
            + "const i = document.createElement('img'); i.setAttribute('onerror', 'window.__handler = true');"
            + "i.src = 'data:,'; document.body.appendChild(i); }";

    @Test
    void everyPageRunsUnderThePolicyAndInjectedScriptDoesNot() {
        try (BrowserPage tab = open()) {
            tab.page().context().addInitScript(RECORD_VIOLATIONS);
            // The probe's own refusals are logged as console errors; the pages' are caught before it runs.
            // Chromium 156 words them "Executing inline script/event handler violates ..." (older: "Refused to execute inline").
            tab.expectConsoleErrorsStartingWith("Executing inline");
            tab.go("/inventory");
            String node = waitForFirst(tab, "/api/v1/nodes?type=CA&limit=1", "guid");
            String alert = waitForFirst(tab, "/api/v1/alerts?limit=1", "id");
            List<String[]> pages = List.of(
                    new String[] {"/", "[data-live-status=live]"},
                    new String[] {"/map", "main[data-map][data-drawn=true]"},
                    new String[] {"/alerts", "main h1"},
                    new String[] {"/alerts/" + alert, "main h1"},
                    new String[] {"/inventory", "main h1"},
                    new String[] {"/nodes/" + node, "main h1"},
                    new String[] {"/nodes/" + node + "/ports/1", "[data-chart=port] canvas"},
                    new String[] {"/settings/rules", "main h1"},
                    new String[] {"/settings/webhooks", "main h1"},
                    new String[] {"/settings/tokens", "main h1"},
                    new String[] {"/settings/names", "main h1"},
                    new String[] {"/settings/baseline", "main h1"});
            List<String> violations = new ArrayList<>();
            for (String[] path : pages) {
                // The overview has no heading: each page is ready when its own module has drawn.
                Page page = tab.goUntil(path[0], path[1] + " >> nth=0");
                @SuppressWarnings("unchecked")
                List<String> own = (List<String>) page.evaluate("() => window.__csp.slice()");
                own.forEach(violation -> violations.add(path[0] + ": " + violation));

                page.evaluate(INJECT);
                page.waitForFunction("() => window.__csp.length > " + own.size() + " || window.__injected === true",
                        null, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS));
                assertThat(page.evaluate("() => window.__injected === true")).as(path[0] + ": injected inline script ran")
                        .isEqualTo(false);
                assertThat(page.evaluate("() => window.__handler === true")).as(path[0] + ": injected handler ran")
                        .isEqualTo(false);
            }
            assertThat(violations).as("the pages' own violations of the policy").isEmpty();
        }
    }

    private static String waitForFirst(BrowserPage tab, String api, String field) {
        Object value = tab.pollUntil("async ([api, field]) => { const r = await fetch(api);"
                + " const body = await r.json(); const items = Array.isArray(body) ? body : body.items;"
                + " return items.length > 0 ? String(items[0][field]) : null; }", List.of(api, field), PATIENCE_MS, 1000);
        return String.valueOf(value);
    }
}
