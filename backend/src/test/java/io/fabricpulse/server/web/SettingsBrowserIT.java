package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.FilePayload;
import com.microsoft.playwright.options.WaitUntilState;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyParseException;
import io.fabricpulse.model.topology.TopologyParser;
import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.model.FabricModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin's settings pages in real Chromium against the demo server ({@link DemoServerBrowserTest}),
 * signed in through the login form: a rule threshold refused inline, then saved and reset; a webhook to a
 * real local HTTP receiver refused for an ftp URL (inline), added, tested (delivered), changed, tested again
 * (refused with the receiver's 500), switched off and deleted; an API token created and its secret shown
 * once; a broken node-name-map refused with its line and column while the names stay; the live fabric made
 * the baseline, then its ibnetdiscover export uploaded as the baseline. Screenshots:
 * target/screenshots/settings-*.png.
 */
class SettingsBrowserIT extends DemoServerBrowserTest {

    private static final String RULE = "symbol-error-burst";

    @Autowired
    private ApiTokenStore tokens;

    @Autowired
    private TopologyChanges topology;

    private WebhookSink sink;
    private FabricModel baselineBefore;

    @BeforeEach
    void startReceiver() {
        sink = WebhookSink.start();
        baselineBefore = topology.baseline();
    }

    /** The other browser tests share this demo server: they compare the fabric with the baseline they found. */
    @AfterEach
    void stopReceiverAndPutTheBaselineBack() {
        sink.close();
        topology.useBaseline(baselineBefore);
    }

    @Test
    void anAdminChangesRulesWebhooksTokensNamesAndTheBaselineFromTheSettingsPages() throws TopologyParseException {
        try (BrowserPage tab = openSignedOut()) {
            Page page = signInAsAdmin(tab);
            page.onDialog(dialog -> dialog.accept());

            page.locator("nav[aria-label=Main] a[data-shortcut=s]").click();
            arrive(page, "**/settings/rules");
            page.locator("tr[data-rule=" + RULE + "]").waitFor(visible());
            tab.screenshot("settings-rules");
            page.keyboard().press("t");
            page.locator("html[data-theme=light]").waitFor(new Locator.WaitForOptions().setTimeout(PATIENCE_MS)
                    .setState(com.microsoft.playwright.options.WaitForSelectorState.ATTACHED));
            tab.screenshot("settings-rules-light");
            page.keyboard().press("t");

            durationsAreTypedAsTheConfigurationWritesThem(page);

            ruleThresholdIsCheckedInlineThenSavedAndReset(tab, page);
            webhookIsAddedAndTestedAgainstARealReceiver(tab, page);
            tokenSecretIsShownOnce(tab, page);
            brokenNodeNameMapIsRefusedWithItsLine(tab, page);
            liveFabricBecomesTheBaseline(tab, page);
        }
    }

    private Page signInAsAdmin(BrowserPage tab) {
        Page page = tab.page();
        // Actions wait as long as the other waits: this 2-core machine is shared, the demo polls every second.
        page.setDefaultTimeout(PATIENCE_MS);
        tab.go("/settings");
        arrive(page, "**/login");
        page.locator("#username").fill(ServerTest.ADMIN);
        page.locator("#password").fill(ServerTest.ADMIN_PASSWORD);
        page.locator("form.login-form button[type=submit]").click();
        // Spring Security returns to the page asked for: the settings.
        arrive(page, "**/settings/rules");
        return page;
    }

    /**
     * Waits until {@code page} shows the URL and its HTML is parsed. Not for "load": on this shared machine
     * that once took over a minute; the buttons wait for /js/settings.js by themselves (they come disabled).
     */
    private static void arrive(Page page, String url) {
        page.waitForURL(url, new Page.WaitForURLOptions().setWaitUntil(WaitUntilState.DOMCONTENTLOADED));
    }

    private static void durationsAreTypedAsTheConfigurationWritesThem(Page page) {
        Object converted = page.evaluate("async () => { const m = await import('/js/settings.js');"
                + " return ['90s', '1h30m', '2d', '500ms', 'PT5M', '0s', '5 minutes', '', 'P', '1m2h']"
                + ".map(text => String(m.isoDuration(text))); }");
        assertThat(converted).asList().containsExactly("PT90S", "PT1H30M", "P2D", "PT0.5S", "PT5M", "PT0S", "null",
                "null", "null", "null");
    }

    private void ruleThresholdIsCheckedInlineThenSavedAndReset(BrowserPage tab, Page page) {
        page.locator("tr[data-rule=" + RULE + "] a[data-edit]").click();
        arrive(page, "**/settings/rules/" + RULE);
        Locator form = page.locator("form.rule-form");
        Locator threshold = form.locator("input[name=threshold]");
        Locator thresholdError = form.locator("[data-error-for=threshold]");

        threshold.fill("lots");
        form.locator("button[type=submit]").click();
        thresholdError.waitFor(visible());
        assertThat(thresholdError.textContent()).isEqualTo("'lots' is not a number (e.g. 10, 0.05 or 1e-12)");

        threshold.fill("-5");
        form.locator("input[name=window]").fill("2m");
        form.locator("button[type=submit]").click();
        page.locator("[data-error-for=threshold]:has-text('must be a finite number')").waitFor(visible());
        assertThat(thresholdError.textContent()).isEqualTo("must be a finite number >= 0, got -5.0");
        assertThat(threshold.getAttribute("aria-invalid")).isEqualTo("true");
        tab.screenshot("settings-rule-refused");

        threshold.fill("150");
        form.locator("button[type=submit]").click();
        page.locator("[data-flash]:text-is('Saved " + RULE + " for all clusters.')").waitFor(visible());
        assertThat(page.locator("form.rule-form input[name=threshold]").inputValue()).isEqualTo("150");
        assertThat(page.locator("form.rule-form input[name=window]").inputValue()).isEqualTo("2m");
        tab.screenshot("settings-rule-saved");

        // Back as it was, for the other browser tests on this server.
        page.locator("button[data-reset]").click();
        page.locator("[data-flash]:text-is('Removed the setting of " + RULE + " for all clusters: it inherits again.')")
                .waitFor(visible());
        assertThat(page.locator("button[data-reset]").count()).isZero();
        assertThat(page.locator("form.rule-form input[name=threshold]").inputValue()).isEmpty();
    }

    private void webhookIsAddedAndTestedAgainstARealReceiver(BrowserPage tab, Page page) {
        page.locator(".settings-tabs a[data-tab=webhooks]").click();
        arrive(page, "**/settings/webhooks");
        Locator add = page.locator("form[data-add-webhook]");
        add.locator("input[name=name]").fill("NOC Slack");
        add.locator("select[name=type]").selectOption("slack");
        add.locator("input[name=url]").fill("ftp://files.example.org/hook");
        add.locator("button[type=submit]").click();
        Locator urlError = add.locator("[data-error-for=url]");
        urlError.waitFor(visible());
        assertThat(urlError.textContent()).isEqualTo("must be an http or https URL, got 'ftp://files.example.org/hook'");
        tab.screenshot("settings-webhook-refused");
        add.locator("input[name=url]").fill(sink.url("/services/T000/B000/secret-token").toString());
        add.locator("select[name=minSeverity]").selectOption("CRITICAL");
        // A cluster no node is in: the demo's alerts are not sent here, only the tests.
        add.locator("input[name=clusters]").fill("settings-it");
        add.locator("button[type=submit]").click();
        Locator row = page.locator("tr[data-webhook]:has(th:text-is('NOC Slack'))");
        row.waitFor(visible());
        assertThat(page.content()).doesNotContain("secret-token");
        String id = row.getAttribute("data-webhook");
        Locator result = page.locator("tr[data-result-for='" + id + "'] [data-result]");

        row.locator("button[data-send-test]").click();
        result.waitFor(visible());
        assertThat(result.textContent()).isEqualTo("Test delivered: the receiver answered HTTP 200.");
        assertThat(result.getAttribute("data-outcome")).isEqualTo("ok");
        assertThat(sink.accepted()).singleElement().satisfies(request -> {
            assertThat(request.path()).isEqualTo("/services/T000/B000/secret-token");
            assertThat(request.text()).contains("Test message requested by admin");
        });
        tab.screenshot("settings-webhook-test-delivered");

        Locator edit = page.locator("tr[data-edit-for='" + id + "']");
        edit.locator("summary").click();
        edit.locator("input[name=url]").fill(sink.url("/services/T000/B000/secret-token").toString());
        edit.locator("select[name=minSeverity]").selectOption("WARNING");
        edit.locator("button[type=submit]").click();
        page.locator("[data-flash]:text-is('Saved the webhook NOC Slack.')").waitFor(visible());
        assertThat(page.locator("tr[data-webhook='" + id + "'] .severity").textContent()).isEqualTo("warning");

        sink.thenAnswer(WebhookSink.Answer.status(500));
        row.locator("button[data-send-test]").click();
        page.locator("tr[data-result-for='" + id + "'] [data-result][data-outcome=refused]").waitFor(visible());
        assertThat(result.textContent()).isEqualTo("Test not delivered: the receiver answered HTTP 500.");
        tab.screenshot("settings-webhook-test-refused");

        row.locator("button[data-toggle]").click();
        page.locator("[data-flash]:text-is('NOC Slack is off: no notices are sent to it.')").waitFor(visible());
        assertThat(row.getAttribute("data-enabled")).isEqualTo("false");
        assertThat(row.locator("button[data-toggle]").textContent()).isEqualTo("Enable");
        tab.screenshot("settings-webhook-disabled");

        row.locator("button[data-delete]").click();
        page.locator("[data-flash]:text-is('Deleted the webhook NOC Slack.')").waitFor(visible());
        assertThat(page.locator("tr[data-webhook='" + id + "']").count()).isZero();
    }

    private void tokenSecretIsShownOnce(BrowserPage tab, Page page) {
        page.locator(".settings-tabs a[data-tab=tokens]").click();
        arrive(page, "**/settings/tokens");
        Locator create = page.locator("form[data-create-token]");
        create.locator("input[name=name]").fill("jira");
        create.locator("input[name=scopes][value=ack]").check();
        create.locator("button[type=submit]").click();
        Locator secret = page.locator("[data-token-secret] [data-secret-value]");
        secret.waitFor(visible());
        String shown = secret.textContent();
        assertThat(shown).startsWith(ApiTokenStore.PREFIX);
        assertThat(tokens.authenticate(shown, "settings browser test").block()).as("the secret shown works")
                .satisfies(token -> assertThat(token.name()).isEqualTo("jira"));
        tab.screenshot("settings-token-created");

        page.locator("[data-secret-done]").click();
        page.locator("[data-flash]:text-is('Token created.')").waitFor(visible());
        Locator row = page.locator("tr[data-token]:has(th:text-is('jira'))").first();
        assertThat(row.locator("td[data-cell=scopes]").textContent()).isEqualTo("read, ack");
        assertThat(page.content()).as("shown once: gone after the reload").doesNotContain(shown);
    }

    private void brokenNodeNameMapIsRefusedWithItsLine(BrowserPage tab, Page page) {
        page.locator(".settings-tabs a[data-tab=names]").click();
        arrive(page, "**/settings/names");
        String before = page.locator("main dl.facts").textContent();
        String map = "# NOC names\n0x0002c90300000420 \"rack1-node0420\"\n0x0002c9030000042g \"rack1-node0421\"\n";
        page.locator("#names-file").setInputFiles(new FilePayload("node-name-map", "text/plain",
                map.getBytes(StandardCharsets.UTF_8)));
        page.locator("form[data-upload=names] button[type=submit]").click();
        Locator result = page.locator("form[data-upload=names] [data-result][data-outcome=refused]");
        result.waitFor(visible());
        assertThat(result.getAttribute("data-line")).isEqualTo("3");
        assertThat(result.textContent()).startsWith("Not saved: line 3, column ");
        assertThat(page.locator("form[data-upload=names] pre.bad-line").textContent())
                .startsWith("3: 0x0002c9030000042g \"rack1-node0421\"\n").endsWith("^");
        tab.screenshot("settings-names-refused");

        page.reload(new Page.ReloadOptions().setWaitUntil(WaitUntilState.DOMCONTENTLOADED));
        assertThat(page.locator("main dl.facts").textContent()).as("nothing changed").isEqualTo(before);
    }

    private void liveFabricBecomesTheBaseline(BrowserPage tab, Page page) throws TopologyParseException {
        page.locator(".settings-tabs a[data-tab=baseline]").click();
        arrive(page, "**/settings/baseline");
        page.locator("form[data-set-baseline] button[type=submit]").click();
        Locator flash = page.locator("[data-flash]");
        flash.waitFor(visible());
        assertThat(flash.textContent()).matches("Saved baseline: \\d+ nodes \\(baseline #\\d+\\)\\.");
        String id = flash.textContent().replaceAll(".*#(\\d+).*", "$1");
        assertThat(page.locator("[data-fact=baseline]").textContent()).isEqualTo("#" + id + ", json");
        assertThat(page.locator("[data-fact=saved-by]").textContent()).isEqualTo(ServerTest.ADMIN);
        tab.screenshot("settings-baseline");

        // The export read back as a baseline: what the download link gives is what the upload takes.
        String exported = page.request().get(page.locator("a[data-export=ibnetdiscover]").evaluate("a => a.href").toString())
                .text();
        assertThat(exported).contains("Switch").contains("Ca");
        page.locator("#baseline-file").setInputFiles(new FilePayload("fabric.ibnetdiscover", "text/plain",
                exported.getBytes(StandardCharsets.UTF_8)));
        page.locator("form[data-upload=baseline] button[type=submit]").click();
        Locator uploaded = page.locator("[data-flash]:has-text('Saved baseline: ')");
        page.locator("[data-flash]:not(:has-text('#" + id + ")'))").waitFor(visible());
        assertThat(uploaded.textContent()).matches("Saved baseline: \\d+ nodes \\(baseline #\\d+\\)\\.");
        assertThat(page.locator("[data-fact=baseline]").textContent()).endsWith(", ibnetdiscover");
        // What the file holds, not the live fabric read again later: the demo's scripted flap takes a link
        // down and up, so the live count may differ by one from the moment of the export.
        Topology file = TopologyParser.parse(exported);
        assertThat(file.nodes()).hasSize(702);
        assertThat(page.locator("[data-fact=baseline-size]").textContent())
                .isEqualTo(file.nodes().size() + " nodes, " + file.links().size() + " links");
        tab.screenshot("settings-baseline-uploaded");
    }
}
