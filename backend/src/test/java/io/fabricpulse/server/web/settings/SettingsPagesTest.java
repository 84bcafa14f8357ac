package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.alerting.rules.SymbolErrorBurstRule;
import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.security.token.IssuedApiToken;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.web.SignedInClient;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.csrf;

/**
 * The settings pages on the whole server: admins only (a 403 page and no header link for viewers and
 * operators), and each section rendering what the APIs it posts to hold: rules with their thresholds per
 * scope, webhooks without secrets, tokens without secrets, names and clusters, the baseline. Each test names
 * its own things (a unique webhook, token, cluster), so tests sharing the server do not see each other's.
 */
class SettingsPagesTest extends ServerTest {

    private static final String RULE = SymbolErrorBurstRule.NAME;

    @Autowired
    private ApplicationContext context;
    @Autowired
    private ApiTokenStore tokens;

    @Autowired
    private TopologyChanges topology;
    @Autowired
    private ClusterDirectory clusters;

    private WebTestClient admin;
    private String unique;
    private final List<String> ruleClusters = new ArrayList<>();
    private FabricModel baselineBefore;
    private String clustersBefore;

    @BeforeEach
    void signIn() {
        admin = SignedInClient.as(context, Role.ADMIN).mutate().responseTimeout(Duration.ofSeconds(30)).build()
                .mutateWith(csrf());
        unique = UUID.randomUUID().toString().substring(0, 8);
        baselineBefore = topology.baseline();
        clustersBefore = fabricsConf();
    }

    /**
     * Leaves the shared server as it was: rule settings made here are removed, the clusters and the baseline
     * in force are put back (a new baseline would raise topology-changed alerts on every node other tests ingest).
     */
    @AfterEach
    void putBack() {
        ruleClusters.forEach(cluster -> admin.delete().uri("/api/v1/alerts/rules/" + RULE + "?cluster=" + cluster)
                .exchange());
        topology.useBaseline(baselineBefore);
        if (!fabricsConf().equals(clustersBefore)) {
            uploadClusters(clustersBefore);
        }
    }

    /** The clusters in force as a fabrics.conf. */
    private String fabricsConf() {
        StringBuilder conf = new StringBuilder("# the clusters before SettingsPagesTest\n");
        for (String name : clusters.names()) {
            conf.append('[').append(name).append("]\n");
            clusters.members(name).orElseThrow().stream().sorted().forEach(guid -> conf.append(guid).append('\n'));
        }
        return conf.toString();
    }

    @Test
    void onlyAdminsSeeTheSettingsLinkAndPages() {
        for (Role role : Set.of(Role.VIEWER, Role.OPERATOR)) {
            WebTestClient other = SignedInClient.as(context, role);
            for (String page : new String[] {"/settings", "/settings/rules", "/settings/webhooks", "/settings/tokens",
                    "/settings/names", "/settings/baseline", "/settings/rules/" + RULE}) {
                other.get().uri(page).accept(MediaType.TEXT_HTML).exchange().expectStatus().isForbidden();
            }
            assertThat(page(other, "/inventory").select("nav[aria-label=Main] a[href=/settings]")).as(role.name()).isEmpty();
        }
        Element link = page(admin, "/inventory").selectFirst("nav[aria-label=Main] a[href=/settings]");
        assertThat(link).isNotNull();
        assertThat(link.attr("data-shortcut")).isEqualTo("s");
        admin.get().uri("/settings").exchange().expectStatus().isSeeOther()
                .expectHeader().location("/settings/rules");
    }

    @Test
    void theRuleListShowsTheSettingsInForceAndWhereTheApiChangedThem() {
        String cluster = "settings-" + unique;
        uploadClusters("[" + cluster + "]\n0x0000000000000a01\n");
        putRule(cluster, "{\"threshold\": 25, \"window\": \"PT2M\"}");

        Document all = page(admin, "/settings/rules");
        assertThat(all.title()).isEqualTo("Alert rules · Settings · FabricPulse");
        assertThat(all.selectFirst("nav[aria-label=Main] a[aria-current=page]").text()).isEqualTo("Settings");
        assertThat(all.selectFirst(".settings-tabs a[aria-current=page]").attr("data-tab")).isEqualTo("rules");
        Element row = all.selectFirst("tr[data-rule=" + RULE + "]");
        assertThat(row.selectFirst("td[data-cell=threshold]").text()).as("the default for nodes in no cluster").isEqualTo("100");
        assertThat(row.selectFirst("td[data-cell=overrides]").text()).contains(cluster);
        assertThat(all.select("tbody tr[data-rule]")).hasSizeGreaterThan(10);
        assertThat(row.selectFirst("a[data-edit]").attr("href")).isEqualTo("/settings/rules/" + RULE);

        Document there = page(admin, "/settings/rules?cluster=" + cluster);
        Element changed = there.selectFirst("tr[data-rule=" + RULE + "]");
        assertThat(changed.selectFirst("td[data-cell=threshold]").text()).isEqualTo("25");
        assertThat(changed.selectFirst("td[data-cell=window]").text()).isEqualTo("2m");
        assertThat(changed.selectFirst("a[data-edit]").attr("href")).isEqualTo("/settings/rules/" + RULE + "?cluster=" + cluster);
        assertThat(there.selectFirst("select#cluster option[selected]").val()).isEqualTo(cluster);

        admin.get().uri("/settings/rules?cluster=nowhere-" + unique).exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").value(detail -> assertThat((String) detail)
                        .startsWith("cluster: no cluster 'nowhere-" + unique + "'; known: ").contains(cluster));
    }

    @Test
    void theRuleFormEditsOneScopeWithInheritedValuesAsPlaceholders() {
        String cluster = "edit-" + unique;
        putRule(cluster, "{\"threshold\": 0.5, \"severity\": \"CRITICAL\", \"clearAfter\": \"PT1M30S\"}");

        Document form = page(admin, "/settings/rules/" + RULE + "?cluster=" + cluster);
        Element put = form.selectFirst("form.rule-form");
        assertThat(put.attr("action")).isEqualTo("/api/v1/alerts/rules/" + RULE + "?cluster=" + cluster);
        assertThat(put.attr("data-method")).isEqualTo("PUT");
        assertThat(put.selectFirst("input[name=threshold]").val()).isEqualTo("0.5");
        assertThat(put.selectFirst("input[name=threshold]").attr("data-kind")).isEqualTo("number");
        assertThat(put.selectFirst("input[name=window]").val()).as("not set here: inherited").isEmpty();
        assertThat(put.selectFirst("input[name=window]").attr("placeholder")).isEqualTo("1m");
        assertThat(put.selectFirst("input[name=clearAfter]").val()).isEqualTo("90s");
        assertThat(put.selectFirst("select[name=severity] option[selected]").val()).isEqualTo("critical");
        assertThat(put.select("[data-error-for=threshold]")).hasSize(1);
        assertThat(put.select("[name=longThreshold]")).as("the burst rule has no second window").isEmpty();
        assertThat(form.selectFirst("button[data-reset]").text()).isEqualTo("Reset: remove the setting for " + cluster);

        Document everywhere = page(admin, "/settings/rules/" + RULE);
        assertThat(everywhere.selectFirst("form.rule-form").attr("action")).isEqualTo("/api/v1/alerts/rules/" + RULE);
        assertThat(everywhere.selectFirst("p.crumbs a").attr("href")).isEqualTo("/settings/rules");
        assertThat(form.selectFirst("p.crumbs a").attr("href")).isEqualTo("/settings/rules?cluster=" + cluster);
        assertThat(everywhere.selectFirst("form.rule-form h2").text()).isEqualTo(RULE + " for all clusters");
        assertThat(everywhere.selectFirst("form.rule-form input[name=threshold]").attr("placeholder")).isEqualTo("100");

        admin.get().uri("/settings/rules/no-such-rule").exchange().expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail").value(detail -> assertThat((String) detail)
                        .startsWith("no rule 'no-such-rule'; known: ").contains(RULE));
        admin.get().uri("/settings/rules/" + RULE + "?cluster=two words").exchange().expectStatus().isBadRequest();
    }

    @Test
    void theWebhookPageListsWebhooksWithoutTheirSecretsAndOffersTestEditSwitchAndDelete() {
        String name = "pager-" + unique;
        String id = admin.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"" + name + "\",\"type\":\"generic\",\"url\":\"https://hooks.example/secret-path\","
                        + "\"secret\":\"0123456789abcdef-secret\",\"minSeverity\":\"warning\",\"clusters\":[\"a\",\"b\"]}")
                .exchange().expectStatus().isCreated().expectBody(String.class).returnResult().getResponseHeaders()
                .getLocation().getPath().replace("/api/v1/webhooks/", "");

        Document page = page(admin, "/settings/webhooks");
        assertThat(page.html()).doesNotContain("secret-path").doesNotContain("0123456789abcdef-secret");
        Element row = page.selectFirst("tr[data-webhook=" + id + "]");
        assertThat(row.selectFirst("th").text()).isEqualTo(name);
        assertThat(row.select("td").get(1).text()).isEqualTo("https://hooks.example/…");
        assertThat(row.select("td").get(3).text()).isEqualTo("a b");
        assertThat(row.selectFirst("form[data-done=test]").attr("action")).isEqualTo("/api/v1/webhooks/" + id + "/test");
        assertThat(row.selectFirst("form[data-method=DELETE]").attr("action")).isEqualTo("/api/v1/webhooks/" + id);
        assertThat(row.attr("data-enabled")).isEqualTo("true");
        assertThat(row.selectFirst("form:has(button[data-toggle])").attr("action")).isEqualTo("/api/v1/webhooks/" + id + "/disable");
        Element edit = page.selectFirst("tr[data-edit-for=" + id + "] form");
        assertThat(edit.attr("data-method")).isEqualTo("PUT");
        assertThat(edit.selectFirst("input[name=name]").val()).isEqualTo(name);
        assertThat(edit.selectFirst("select[name=minSeverity] option[selected]").val()).isEqualTo("WARNING");
        assertThat(edit.selectFirst("input[name=secret]").val()).isEmpty();
        assertThat(edit.selectFirst("input[name=secret]").attr("placeholder")).isEqualTo("blank: keep the current one");
        assertThat(page.selectFirst("form[data-add-webhook]").attr("action")).isEqualTo("/api/v1/webhooks");
        assertThat(page.select("form[data-api] button[type=submit]")).as("enabled by /js/settings.js once it has wired them")
                .isNotEmpty().allMatch(button -> button.hasAttr("disabled"));

        admin.post().uri("/api/v1/webhooks/" + id + "/disable").exchange().expectStatus().isOk();
        Element off = page(admin, "/settings/webhooks").selectFirst("tr[data-webhook=" + id + "]");
        assertThat(off.attr("data-enabled")).isEqualTo("false");
        assertThat(off.selectFirst("td[data-cell=state]").text()).isEqualTo("off: not sent");
        assertThat(off.selectFirst("button[data-toggle]").text()).isEqualTo("Enable");
        assertThat(off.selectFirst("form:has(button[data-toggle])").attr("action")).isEqualTo("/api/v1/webhooks/" + id + "/enable");

        admin.delete().uri("/api/v1/webhooks/" + id).exchange().expectStatus().isNoContent();
        assertThat(page(admin, "/settings/webhooks").select("tr[data-webhook=" + id + "]")).isEmpty();
    }

    @Test
    void theTokenPageListsScopesAndUseButNeverASecret() {
        IssuedApiToken valid = tokens.create("jira-" + unique, Set.of(ApiScope.READ, ApiScope.ACK), "admin").block();
        IssuedApiToken revoked = tokens.create("old-" + unique, Set.of(ApiScope.ADMIN), "admin").block();
        tokens.revoke(revoked.token().id(), "admin").block();

        Document page = page(admin, "/settings/tokens");
        assertThat(page.html()).doesNotContain(valid.secret()).doesNotContain(revoked.secret());
        Element row = page.selectFirst("tr[data-token=" + valid.token().id() + "]");
        assertThat(row.selectFirst("th").text()).isEqualTo("jira-" + unique);
        assertThat(row.selectFirst("td[data-cell=scopes]").text()).isEqualTo("read, ack");
        assertThat(row.selectFirst("td[data-cell=last-used]").text()).isEqualTo("never");
        assertThat(row.selectFirst("td[data-cell=state]").text()).isEqualTo("valid");
        Element revoke = row.selectFirst("form[data-method=DELETE]");
        assertThat(revoke.attr("action")).isEqualTo("/api/v1/tokens/" + valid.token().id());
        assertThat(revoke.attr("data-confirm")).isEqualTo("Revoke the token jira-" + unique
                + "? Programs using it are refused at once.");
        assertThat(revoke.selectFirst("button.danger[disabled]").text()).isEqualTo("Revoke");
        Element old = page.selectFirst("tr[data-token=" + revoked.token().id() + "]");
        assertThat(old.attr("data-revoked")).isEqualTo("true");
        assertThat(old.selectFirst("td[data-cell=state]").text()).startsWith("revoked 20");
        assertThat(old.select("form")).as("nothing left to revoke").isEmpty();
        assertThat(page.select("tr[data-token]").indexOf(row)).as("valid tokens first")
                .isLessThan(page.select("tr[data-token]").indexOf(old));
        assertThat(page.select("form[data-create-token] input[name=scopes]")).extracting(Element::val)
                .containsExactly("read", "ack", "admin");
        assertThat(page.selectFirst("[data-token-secret]").hasAttr("hidden")).isTrue();
    }

    @Test
    void theTokenPageListsAgentsWithTheirCredentialAndIssuesThem() {
        String agent = "page-agent-" + unique;
        String secret = admin.post().uri("/api/v1/agents").contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .bodyValue("{\"agentId\":\"" + agent + "\",\"role\":\"node\"}").exchange().expectStatus().isCreated()
                .expectBody(String.class).returnResult().getResponseBody();

        Document page = page(admin, "/settings/tokens");
        assertThat(page.html()).doesNotContain(secret.replaceAll(".*\"secret\":\"([^\"]+)\".*", "$1"));
        Element row = page.selectFirst("tr[data-agent=" + agent + "]");
        assertThat(row.selectFirst("th").text()).isEqualTo(agent);
        assertThat(row.selectFirst("td[data-cell=credential]").text()).isEqualTo("token");
        assertThat(row.selectFirst("td[data-cell=last-used]").text()).isEqualTo("never");
        assertThat(row.selectFirst("form[data-method=DELETE]").attr("action")).isEqualTo("/api/v1/agents/" + agent);
        assertThat(page.select("form[action=/api/v1/agents] select[name=role] option")).extracting(Element::val)
                .containsExactly("node", "discover");
        assertThat(page.select("form[action=/api/v1/agents/bootstrap-tokens] input[name=roles]")).extracting(Element::val)
                .containsExactly("node", "discover");
    }

    @Test
    void theNamesPageShowsWhatIsLoadedAndUploadsToTheTopologyApi() {
        String cluster = "names-" + unique;
        uploadClusters("[" + cluster + "]\n0x0000000000000a01\n0x0000000000000a02\n");

        Document page = page(admin, "/settings/names");
        assertThat(page.selectFirst("tr[data-cluster=" + cluster + "] td").text()).isEqualTo("2");
        Element names = page.selectFirst("form[data-upload=names]");
        assertThat(names.attr("action")).isEqualTo("/api/v1/names");
        assertThat(names.attr("data-body")).isEqualTo("file");
        assertThat(names.select("select[name=format][data-param] option")).extracting(Element::val)
                .containsExactly("node-name-map", "ibnetdiscover");
        assertThat(page.selectFirst("form[data-upload=clusters]").attr("action")).isEqualTo("/api/v1/clusters");
        assertThat(names.attr("data-max-bytes")).isEqualTo(String.valueOf(16L * 1024 * 1024));
    }

    @Test
    void theBaselinePageShowsTheBaselineInForceAndTheLiveFabric() {
        admin.post().uri("/api/v1/topology/baseline").exchange().expectStatus().isCreated();

        Document page = page(admin, "/settings/baseline");
        assertThat(page.selectFirst("[data-fact=baseline]").text()).matches("#\\d+, json");
        assertThat(page.selectFirst("[data-fact=saved-by]").text()).isEqualTo("noc");
        assertThat(page.selectFirst("[data-fact=live-size]").text()).matches("\\d+ nodes, \\d+ links");
        assertThat(page.selectFirst("[data-fact=changes]").text()).isEqualTo("0");
        assertThat(page.selectFirst("form[data-set-baseline]").attr("action")).isEqualTo("/api/v1/topology/baseline");
        Element upload = page.selectFirst("form[data-upload=baseline]");
        assertThat(upload.attr("data-method")).isEqualTo("PUT");
        assertThat(upload.attr("data-content-type")).isEqualTo("text/plain");
        assertThat(page.selectFirst("a[data-export=ibnetdiscover]").attr("href")).isEqualTo("/api/v1/topology?format=ibnetdiscover");
    }

    private Document page(WebTestClient client, String uri) {
        return Jsoup.parse(client.get().uri(uri).accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody());
    }

    private void uploadClusters(String conf) {
        admin.post().uri("/api/v1/clusters").contentType(MediaType.TEXT_PLAIN).bodyValue(conf).exchange()
                .expectStatus().isCreated();
    }

    private void putRule(String cluster, String json) {
        ruleClusters.add(cluster);
        admin.put().uri("/api/v1/alerts/rules/" + RULE + "?cluster=" + cluster).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(json).exchange().expectStatus().isOk();
    }
}
