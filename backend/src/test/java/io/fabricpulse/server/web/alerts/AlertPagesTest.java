package io.fabricpulse.server.web.alerts;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.Silences;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.api.FiringAlerts;
import io.fabricpulse.server.alerting.store.AlertEventRow;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.alerting.store.SilenceRow;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.testing.TestBatches;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.PageStateStore;
import io.fabricpulse.server.web.SignedInClient;
import io.fabricpulse.server.web.WebPageTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.fabricpulse.server.web.TestPorts.node;
import static io.fabricpulse.server.web.TestPorts.port;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alert pages over a real (H2, migrated) state store holding alerts and an in-memory fabric holding
 * their ports: tabs and counts, filters, rows linking to both ends, the detail with live counters,
 * history and the action forms, and bad parameters as precise 4xx problems. Each test lists its own
 * rule, so tests sharing the store do not see each other's alerts.
 */
@WebFluxTest(controllers = AlertPagesController.class)
@WebPageTest
@Import({PageStateStore.class, AlertViews.class, FiringAlerts.class, SilenceLines.class, AlertGroups.class,
        AlertPagesTest.AlertBeans.class})
class AlertPagesTest {

    static final String HOST = "0x0002c90300000420";
    static final String LEAF = "0x0002c90200000103";
    static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");

    @TestConfiguration(proxyBeanMethods = false)
    static class AlertBeans {
        @Bean
        Silences silences() {
            return new Silences();
        }

        @Bean
        Clock clock() {
            return Clock.fixed(AT, ZoneOffset.UTC);
        }
    }

    @Autowired
    ApplicationContext context;
    @Autowired
    InMemoryFabricView fabric;
    @Autowired
    AlertRepository alerts;
    @Autowired
    JsonMapper json;
    @Autowired
    Silences silences;
    @Autowired
    SilenceRepository silenceRows;
    WebTestClient client;
    String rule;

    @BeforeEach
    void publish() {
        client = as(Role.OPERATOR);
        rule = "link-errors-" + UUID.randomUUID().toString().substring(0, 8);
        fabric.publish(AT, List.of(
                new NodeView(HOST, "node0420 HCA-1", NodeType.CA, "node0420 HCA-1", "MT4123", "20.31.1014", 1, AT),
                node("leaf03", LEAF, NodeType.SWITCH, 36, AT)), List.of(
                port("node0420 HCA-1", HOST, 1).lid(420).peer(LEAF, 5)
                        .counter("SymbolErrorCounter", 1234, 2.0).counter("PortXmitData", 1_000_000, 250_000.0).build(),
                port("leaf03", LEAF, 5).type(NodeType.SWITCH).lid(3).peer(HOST, 1)
                        .counter("SymbolErrorCounter", 0, 0.0).build()));
    }

    @Test
    void listShowsFiringAlertsByDefaultWithTabCountsAndLinksToBothEnds() {
        long critical = open("CRITICAL", AT);
        long warning = open("WARNING", AT.plusSeconds(60));
        long acked = open("CRITICAL", AT.minusSeconds(60));
        alerts.acknowledge(acked, AT.plusSeconds(5), "noc", "INC-7").block();
        long resolved = open("INFO", AT.minusSeconds(120));
        alerts.resolve(resolved, AT.plusSeconds(5), "noc").block();

        Document page = render("/alerts?rule=" + rule);

        assertThat(page.title()).isEqualTo("Alerts · FabricPulse");
        assertThat(page.selectFirst("nav[aria-label=Main] a[aria-current=page]").text()).isEqualTo("Alerts");
        assertThat(page.selectFirst("nav[aria-label=Main] a[data-shortcut=a]").attr("href")).isEqualTo("/alerts");
        assertThat(tabCounts(page)).containsExactly(Map.entry("firing", "2"), Map.entry("acknowledged", "1"),
                Map.entry("resolved", "1"));
        assertThat(page.selectFirst(".tabs a[aria-current=page]").attr("data-tab")).isEqualTo("firing");
        List<Element> rows = page.select("tbody[data-alert-rows] tr");
        assertThat(rows).extracting(r -> r.attr("data-alert-id"))
                .as("worst first, though the warning is newer").containsExactly(String.valueOf(critical),
                        String.valueOf(warning));
        Element first = rows.get(0);
        assertThat(first.attr("data-severity")).isEqualTo("critical");
        assertThat(first.attr("data-state")).isEqualTo("firing");
        assertThat(first.attr("data-scope")).isEqualTo("link");
        assertThat(first.selectFirst("a[data-alert-link]").attr("href")).isEqualTo("/alerts/" + critical);
        assertThat(first.selectFirst("a[data-alert-link]").text()).isEqualTo("SymbolErrorCounter +17 in 5m, limit 10");
        // Short names, the full name on hover; the port in its own span so it is never cut off.
        assertThat(first.select("td.ends a")).extracting(a -> a.text() + " " + a.attr("href") + " " + a.attr("title"))
                .containsExactly("node0420[1] /nodes/" + HOST + "/ports/1 node0420 HCA-1[1]",
                        "leaf03[5] /nodes/" + LEAF + "/ports/5 leaf03[5]");
        assertThat(first.select("td.ends a .port").eachText()).containsExactly("[1]", "[5]");
        assertThat(first.selectFirst("time .age").text()).as("its age at the page's clock").isEqualTo("0 s ago");
        assertThat(first.selectFirst("time .at").text()).isEqualTo("2026-03-01 12:00:00");
        assertThat(first.selectFirst("time").attr("datetime")).isEqualTo("2026-03-01T12:00:00Z");
    }

    @Test
    void tabsAndFiltersNarrowTheList() {
        long acked = open("CRITICAL", AT);
        alerts.acknowledge(acked, AT.plusSeconds(5), "noc", "INC-42").block();
        open("WARNING", AT);
        open("CRITICAL", AT);

        Document ackedTab = render("/alerts?state=acknowledged&rule=" + rule);
        Element row = ackedTab.selectFirst("tbody[data-alert-rows] tr");
        assertThat(row.attr("data-alert-id")).isEqualTo(String.valueOf(acked));
        assertThat(row.selectFirst("td[data-cell=state]").text()).isEqualTo("acknowledged INC-42");
        assertThat(ackedTab.selectFirst(".tabs a[aria-current=page]").attr("href"))
                .isEqualTo("/alerts?state=acknowledged&rule=" + rule);

        Document warnings = render("/alerts?severity=WARNING&rule=" + rule);
        assertThat(warnings.select("tbody[data-alert-rows] tr")).extracting(r -> r.attr("data-severity"))
                .containsExactly("warning");
        assertThat(tabCounts(warnings)).containsExactly(Map.entry("firing", "1"), Map.entry("acknowledged", "0"),
                Map.entry("resolved", "0"));

        Document none = render("/alerts?state=resolved&rule=" + rule);
        assertThat(none.select("tbody[data-alert-rows] tr")).isEmpty();
        assertThat(none.selectFirst("p.empty").text()).isEqualTo("No resolved alerts of rule " + rule + ".");
    }

    @Test
    void theAlertsOfOneCableAreOneRowWithTheWorstSeverityTheEarliestTimeAndBothEndsAndANodeOrPortNarrowsTheList() {
        String host = TestBatches.randomGuid();
        String leaf = TestBatches.randomGuid();
        fabric.publish(AT, List.of(node("flaphost HCA-1", host, NodeType.CA, 2, AT), node("MF0;leaf09:SB7800/U1", leaf,
                NodeType.SWITCH, 36, AT)), List.of(port("flaphost HCA-1", host, 1).peer(leaf, 7).build(),
                port("flaphost HCA-1", host, 2).build(),
                port("MF0;leaf09:SB7800/U1", leaf, 7).type(NodeType.SWITCH).peer(host, 1).build()));
        AlertEnd hostEnd = new AlertEnd(host, "flaphost HCA-1", NodeType.CA, 1, 20, true);
        AlertEnd leafEnd = new AlertEnd(leaf, "MF0;leaf09:SB7800/U1", NodeType.SWITCH, 7, 9, false);
        String cable = AlertSubject.linkKey(new PortRef(host, 1), new PortRef(leaf, 7));
        long burst = open("symbol-error-burst", cable, "CRITICAL", AT.minusSeconds(60), hostEnd, leafEnd);
        long degraded = open("link-degraded", cable, "WARNING", AT.minusSeconds(120), hostEnd, leafEnd);
        // Raised while the far end was not known: the live fabric puts it on the same cable.
        long down = open("port-not-active", "port:" + host + "/1", "WARNING", AT.minusSeconds(90), hostEnd);
        long other = open("port-not-active", "port:" + host + "/2", "WARNING", AT.minusSeconds(30),
                new AlertEnd(host, "flaphost HCA-1", NodeType.CA, 2, 21, true));

        Document page = render("/alerts?node=" + host);

        List<Element> rows = page.select("tbody[data-alert-rows] tr");
        Element head = rows.getFirst();
        assertThat(head.attr("data-group")).isEqualTo(cable);
        assertThat(head.attr("data-severity")).as("the worst member's").isEqualTo("critical");
        assertThat(head.attr("data-members")).isEqualTo("3");
        assertThat(head.select("td.ends a")).extracting(a -> a.text() + " " + a.attr("title"))
                .containsExactly("flaphost[1] flaphost HCA-1[1]", "leaf09[7] MF0;leaf09:SB7800/U1[7]");
        assertThat(head.selectFirst("time .age").text()).as("the earliest member's").isEqualTo("2 min ago");
        assertThat(head.selectFirst("time .at").text()).isEqualTo("2026-03-01 11:58:00");
        assertThat(head.selectFirst("td.group-rules").text())
                .isEqualTo("one cable: symbol-error-burst, port-not-active, link-degraded");
        assertThat(head.selectFirst("td[data-cell=state]").text()).isEqualTo("3 firing");
        Element toggle = head.selectFirst("button[data-group-toggle]");
        assertThat(toggle.attr("aria-expanded")).isEqualTo("false");
        assertThat(toggle.attr("aria-controls")).isEqualTo("alert-row-" + burst + " alert-row-" + down
                + " alert-row-" + degraded + " group-actions-" + burst);
        List<Element> members = rows.subList(1, 4);
        assertThat(members).extracting(r -> r.attr("data-alert-id")).as("worst first, then newest")
                .containsExactly(String.valueOf(burst), String.valueOf(down), String.valueOf(degraded));
        assertThat(members).allSatisfy(r -> {
            assertThat(r.attr("data-member-of")).isEqualTo(cable);
            assertThat(r.hasAttr("hidden")).as("folded until opened").isTrue();
            assertThat(r.selectFirst("a[data-alert-link]").attr("href")).startsWith("/alerts/");
        });
        // An operator acknowledges the whole cable in one action: its firing members through the alert API.
        Element actions = rows.get(4);
        assertThat(actions.id()).isEqualTo("group-actions-" + burst);
        assertThat(actions.attr("data-group-actions-of")).isEqualTo(cable);
        assertThat(actions.hasAttr("hidden")).as("folded until opened").isTrue();
        Element ack = actions.selectFirst("form[data-alert-action=ack-group]");
        assertThat(ack.attr("action")).isEqualTo("/api/v1/alerts/ack");
        assertThat(ack.attr("data-ids")).isEqualTo(burst + " " + down + " " + degraded);
        assertThat(ack.select("input[name]").eachAttr("name")).as("the CSRF token, as every form has")
                .containsExactly("_csrf", "ticket", "comment");
        assertThat(ack.selectFirst(".group-ack-title").text()).isEqualTo("Acknowledge the 3 firing alerts of this group");
        Element alone = rows.get(5);
        assertThat(alone.attr("data-alert-id")).isEqualTo(String.valueOf(other));
        assertThat(alone.hasAttr("data-member-of")).isFalse();
        assertThat(alone.hasAttr("hidden")).isFalse();
        assertThat(rows).hasSize(6);
        assertThat(page.selectFirst("[data-filter-on]").text()).isEqualTo("on " + host);
        assertThat(page.select("script[src]").eachAttr("src")).contains("/js/alert-groups.js");

        Document port = render("/alerts?node=" + host + "&port=2");
        assertThat(port.select("tbody[data-alert-rows] tr")).extracting(r -> r.attr("data-alert-id"))
                .containsExactly(String.valueOf(other));
        assertThat(port.selectFirst("[data-filter-on]").text()).isEqualTo("on " + host + "[2]");
        assertThat(port.selectFirst(".tabs a[data-tab=resolved]").attr("href"))
                .isEqualTo("/alerts?state=resolved&node=" + host + "&port=2");
        assertThat(render("/alerts?node=" + host + "&port=1").select("tbody[data-alert-rows] tr[data-alert-id]"))
                .hasSize(3);
        assertThat(render("/alerts?state=resolved&node=" + host + "&port=1").selectFirst("p.empty").text())
                .isEqualTo("No resolved alerts on " + host + "[1].");

        client = as(Role.VIEWER);
        Document viewers = render("/alerts?node=" + host);
        assertThat(viewers.select("tr[data-group]")).hasSize(1);
        assertThat(viewers.select("tr.group-actions, form[data-alert-action]")).as("a viewer's list acknowledges nothing")
                .isEmpty();
    }

    @Test
    void detailShowsContextBothEndsWithLiveCountersHistoryAndActions() {
        long id = open("CRITICAL", AT);
        alerts.appendEvent(new AlertEventRow(0, id, AT, "FIRED", "system", null)).block();
        alerts.appendEvent(new AlertEventRow(0, id, AT.plusSeconds(30), "COMMENTED", "anna", "reseating")).block();

        Document page = render("/alerts/" + id);

        assertThat(page.title()).isEqualTo("Alert " + id + ": " + rule + " · FabricPulse");
        assertThat(page.selectFirst("main").attr("data-state")).isEqualTo("firing");
        assertThat(fact(page, "measured")).isEqualTo("SymbolErrorCounter: 17 (limit 10) in 5m");
        assertThat(fact(page, "ticket")).isEqualTo("—");
        List<Element> ends = page.select("article.end");
        assertThat(ends).extracting(e -> e.selectFirst("a[data-end-link]").attr("href"))
                .containsExactly("/nodes/" + HOST + "/ports/1", "/nodes/" + LEAF + "/ports/5");
        assertThat(ends).extracting(e -> e.attr("data-reporting")).containsExactly("true", "false");
        Element symbols = ends.getFirst().selectFirst("tr[data-counter=SymbolErrorCounter]");
        assertThat(symbols.attr("data-severity")).isEqualTo("error");
        assertThat(symbols.select("td").eachText()).as("thousands separated").containsExactly("1,234", "2/s");
        assertThat(ends.get(1).selectFirst("tr[data-counter=SymbolErrorCounter]").attr("data-severity")).isEqualTo("ok");
        assertThat(page.select("ol.checks li").eachText()).containsExactly("Reseat the cable");
        assertThat(page.select("table.history-table tbody tr")).extracting(r -> r.text())
                .containsExactly("2026-03-01 12:00:00 fired system", "2026-03-01 12:00:30 commented anna reseating");
        assertThat(page.select("form[data-alert-action]")).extracting(f -> f.attr("action")).containsExactly(
                "/api/v1/alerts/" + id + "/ack", "/api/v1/alerts/" + id + "/comments", "/api/v1/alerts/" + id + "/resolve",
                "/api/v1/alerts/silences");
        assertThat(page.selectFirst("form[data-alert-action=ack] input[name=ticket]")).isNotNull();
        assertThat(page.select("script[src]").eachAttr("src")).contains("/js/alert-actions.js");
    }

    @Test
    void aResolvedAlertOffersOnlyAComment() {
        long id = open("WARNING", AT);
        alerts.acknowledge(id, AT.plusSeconds(1), "noc", "INC-9").block();
        alerts.resolve(id, AT.plusSeconds(2), "noc").block();

        Document page = render("/alerts/" + id);

        assertThat(fact(page, "state")).isEqualTo("resolved");
        assertThat(fact(page, "ticket")).isEqualTo("INC-9");
        assertThat(fact(page, "acked-by")).isEqualTo("noc");
        assertThat(page.select("form[data-alert-action]")).extracting(f -> f.attr("data-alert-action"))
                .containsExactly("comments");
    }

    @Test
    void anEndTheFabricNoLongerReportsSaysSo() {
        long id = open("CRITICAL", AT);
        fabric.publish(AT, List.of(), List.of());

        Document page = render("/alerts/" + id);

        assertThat(page.select("article.end p.empty")).hasSize(2);
        assertThat(page.select("article.end a[data-end-link]")).hasSize(2);
    }

    @Test
    void badParametersAreProblemsThatSayWhatIsAllowed() {
        problem("/alerts?state=open", 400, "query parameter 'state' must be firing, acknowledged or resolved, was 'open'");
        problem("/alerts?severity=loud", 400, "query parameter 'severity' must be critical, warning or info, was 'loud'");
        problem("/alerts?rule=DROP TABLE", 400,
                "query parameter 'rule' must be a rule id: lower-case letters, digits and '-', at most 64, was 'DROP TABLE'");
        problem("/alerts?page=x&rule=" + rule, 400, "query parameter 'page' must be a page number from 1 to 1, was 'x'");
        problem("/alerts?page=2&rule=" + rule, 404,
                "page page 2 does not exist: 0 firing alerts fill pages 1 to 1 of " + AlertPagesController.PAGE_SIZE);
        problem("/alerts?port=3", 400,
                "query parameter 'port' must be given with node=<GUID>: a port number belongs to a node, was '3'");
        problem("/alerts?node=leaf03", 400, "query parameter 'node' must be a node GUID: 0x and up to 16 hex digits, was 'leaf03'");
        problem("/alerts?node=" + HOST + "&port=256", 400, "query parameter 'port' must be a port number from 0 to 255, was '256'");
        problem("/alerts/abc", 400, "'abc' is not an alert id (a positive number)");
        problem("/alerts/-3", 400, "'-3' is not an alert id (a positive number)");
        problem("/alerts/987654321", 404, "no alert 987654321 exists");
    }

    @Test
    void randomTextInTheQueryGivesAPageOrA4xxNeverAServerError() {
        java.util.Random random = new java.util.Random(7);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABC-_0123456789 %'\"<>;&=";
        for (int i = 0; i < 60; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(12); n > 0; n--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String name = List.of("state", "severity", "rule", "page").get(i % 4);
            int status = client.get().uri(uri -> uri.path("/alerts").queryParam(name, "{v}").build(text.toString()))
                    .exchange().returnResult(String.class).getStatus().value();
            assertThat(status).as(name + "=" + text).isIn(200, 400, 404);
        }
    }

    @Test
    void detailOffersToSilenceThisLinkEitherNodeOrTheRuleForAWhile() {
        long id = open("CRITICAL", AT);

        Document page = render("/alerts/" + id);

        Element form = page.selectFirst("form[data-alert-action=silence]");
        assertThat(form.attr("action")).isEqualTo("/api/v1/alerts/silences");
        assertThat(form.select("select[name=scope] option")).extracting(o -> o.attr("value").replaceAll("#.*", "") + " = " + o.text())
                .containsExactly("LINK:link:" + LEAF + "/5-" + HOST + "/1 = this link: node0420 HCA-1[1] ↔ leaf03[5]",
                        "NODE:" + HOST + " = node node0420 HCA-1 (all its alerts)",
                        "NODE:" + LEAF + " = node leaf03 (all its alerts)",
                        "RULE:" + rule + " = rule " + rule + " everywhere");
        assertThat(form.select("select[name=duration] option")).extracting(o -> o.attr("value"))
                .containsExactly("PT1H", "PT4H", "PT8H", "PT24H", "P3D", "P7D");
        assertThat(form.selectFirst("select[name=duration] option[selected]").attr("value")).isEqualTo("PT4H");
        assertThat(form.selectFirst("textarea[name=comment]").hasAttr("required")).isTrue();
        assertThat(page.selectFirst("[data-silenced-by]")).as("no silence covers it").isNull();
    }

    @Test
    void aSilencedAlertIsMarkedOnTheListAndItsPageSaysByWhomUntilWhenAndWhy() {
        long id = open("CRITICAL", AT);
        SilenceRow silence = silenceRows.create(new SilenceRow(0, "RULE", rule, AT.minusSeconds(60), AT.plusSeconds(7200),
                AT.minusSeconds(60), "anna", "fibre swap CHG-7")).block();
        silences.replace(List.of(silence));

        Element row = render("/alerts?rule=" + rule).selectFirst("tbody[data-alert-rows] tr");
        assertThat(row.attr("data-silenced")).isEqualTo("true");
        assertThat(row.selectFirst("td[data-cell=state]").text()).as("in the column that is never cut short")
                .isEqualTo("firing silenced");

        Element note = render("/alerts/" + id).selectFirst("[data-silenced-by]");
        assertThat(note.attr("data-silence-id")).isEqualTo(String.valueOf(silence.id()));
        assertThat(note.text()).isEqualTo("Silenced — not announced until 2026-03-01 14:00:00 (rule " + rule
                + ", by anna: fibre swap CHG-7). All silences");
        assertThat(note.selectFirst("time").attr("datetime")).isEqualTo("2026-03-01T14:00:00Z");

        silences.replace(List.of());
        assertThat(render("/alerts/" + id).selectFirst("[data-silenced-by]")).isNull();
    }

    @Test
    void theListShowsSilencesNotYetEndedSoonestEndFirstEachWithExpire() {
        String why = "maint-" + UUID.randomUUID();
        SilenceRow link = silenceRows.create(new SilenceRow(0, "LINK", "link:" + LEAF + "/5-" + HOST + "/1",
                AT.minusSeconds(600), AT.plusSeconds(3600), AT.minusSeconds(600), "anna", why + " link")).block();
        SilenceRow node = silenceRows.create(new SilenceRow(0, "NODE", HOST, AT.minusSeconds(60), AT.plusSeconds(600),
                AT.minusSeconds(60), "bob", why + " node")).block();
        SilenceRow pending = silenceRows.create(new SilenceRow(0, "CLUSTER", "pod-a", AT.plusSeconds(3600),
                AT.plusSeconds(7200), AT, "anna", why + " pending")).block();
        silenceRows.create(new SilenceRow(0, "RULE", "xmit-discards", AT.minusSeconds(7200), AT.minusSeconds(60),
                AT.minusSeconds(7200), "anna", why + " ended")).block();

        Document page = render("/alerts?rule=" + rule);

        List<Element> rows = page.select("tbody[data-silence-rows] tr").stream()
                .filter(r -> r.text().contains(why)).toList();
        assertThat(rows).extracting(r -> r.attr("data-silence-id")).as("soonest end first, the ended one gone")
                .containsExactly(String.valueOf(node.id()), String.valueOf(link.id()), String.valueOf(pending.id()));
        assertThat(rows).extracting(r -> r.select("td").eachText().subList(0, 4)).containsExactly(
                List.of("node node0420 HCA-1", "bob", "2026-03-01 12:10:00", why + " node"),
                List.of("link leaf03[5] ↔ node0420 HCA-1[1]", "anna", "2026-03-01 13:00:00", why + " link"),
                List.of("cluster pod-a from 2026-03-01 13:00:00", "anna", "2026-03-01 14:00:00", why + " pending"));
        assertThat(rows).extracting(r -> r.attr("data-state")).containsExactly("active", "active", "pending");
        assertThat(rows).extracting(r -> r.selectFirst("form[data-alert-action=expire]").attr("action")).containsExactly(
                "/api/v1/alerts/silences/" + node.id() + "/expire", "/api/v1/alerts/silences/" + link.id() + "/expire",
                "/api/v1/alerts/silences/" + pending.id() + "/expire");
        assertThat(page.select("script[src]").eachAttr("src")).contains("/js/live-parts.js", "/js/alert-actions.js");
        assertThat(page.selectFirst("section#silences [data-live-part=silences]")).as("kept fresh like the rows").isNotNull();
    }

    @Test
    void aViewerSeesAlertsAndSilencesButNoFormsToChangeThem() {
        long id = open("CRITICAL", AT);
        silenceRows.create(new SilenceRow(0, "RULE", rule, AT.minusSeconds(60), AT.plusSeconds(600), AT, "anna",
                "viewer check")).block();
        client = as(Role.VIEWER);

        Document detail = render("/alerts/" + id);
        Document list = render("/alerts?rule=" + rule);

        assertThat(detail.select("form[data-alert-action]")).isEmpty();
        assertThat(detail.selectFirst("[data-actions-need-role]").text()).contains("need the operator role");
        assertThat(list.select("tbody[data-silence-rows] tr")).isNotEmpty();
        assertThat(list.select("form[data-alert-action=expire]")).isEmpty();
    }

    private WebTestClient as(Role role) {
        return SignedInClient.as(context, role).mutate().responseTimeout(Duration.ofSeconds(30)).build();
    }

    private long open(String severity, Instant firedAt) {
        AlertContext told = new AlertContext("SymbolErrorCounter +17 in 5m, limit 10", "SymbolErrorCounter", 17, 10,
                "in 5m", List.of(new AlertEnd(HOST, "node0420 HCA-1", NodeType.CA, 1, 420, true),
                        new AlertEnd(LEAF, "leaf03", NodeType.SWITCH, 5, 3, false)),
                List.of("Reseat the cable"), false);
        String key = rule + "|link:" + LEAF + "/5-" + HOST + "/1#" + UUID.randomUUID();
        return alerts.open(new AlertRow(0, key, rule, severity, "LINK", HOST, LEAF, null, told.summary(),
                json.writeValueAsString(told), firedAt, null, null, null, null, null, false)).block().id();
    }

    private long open(String rule, String subject, String severity, Instant firedAt, AlertEnd... ends) {
        AlertContext told = new AlertContext(rule + " on " + subject, "SymbolErrorCounter", 17, 10, "in 5m",
                List.of(ends), List.of(), false);
        String peer = ends.length > 1 ? ends[1].nodeGuid() : null;
        return alerts.open(new AlertRow(0, rule + "|" + subject, rule, severity, subject.startsWith("link:") ? "LINK" : "PORT",
                ends[0].nodeGuid(), peer, null, told.summary(), json.writeValueAsString(told), firedAt, null, null, null,
                null, null, false)).block().id();
    }

    private static Map<String, String> tabCounts(Document page) {
        Map<String, String> tabs = new java.util.LinkedHashMap<>();
        for (Element tab : page.select(".tabs a")) {
            tabs.put(tab.attr("data-tab"), tab.selectFirst("[data-tab-count]").text());
        }
        return tabs;
    }

    private static String fact(Document page, String name) {
        return page.selectFirst("[data-fact=" + name + "]").text();
    }

    private Document render(String uri) {
        String html = client.get().uri(uri).accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        return Jsoup.parse(html);
    }

    private void problem(String uri, int status, String detail) {
        client.get().uri(uri).accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isEqualTo(status)
                .expectBody().jsonPath("$.detail").isEqualTo(detail);
    }
}
