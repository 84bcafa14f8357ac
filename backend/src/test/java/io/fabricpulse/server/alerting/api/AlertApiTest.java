package io.fabricpulse.server.alerting.api;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.csrf;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.mockUser;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.springSecurity;

/**
 * {@code /api/v1/alerts}: list, detail, acknowledge (one, or a cable's group at once), comment, resolve, with bad input
 * as problems.
 */
class AlertApiTest extends ServerTest {

    @Autowired
    private ApplicationContext context;
    @Autowired
    private AlertRepository alerts;
    @Autowired
    private AuditLogRepository audit;
    @Autowired
    private JsonMapper json;
    @Autowired
    private ApiTokenStore tokens;

    private WebTestClient anna;
    private String node;

    @BeforeEach
    void signIn() {
        anna = WebTestClient.bindToApplicationContext(context).apply(springSecurity()).configureClient().build()
                .mutateWith(mockUser("anna").authorities(Role.OPERATOR.authorities())).mutateWith(csrf());
        node = TestBatches.randomGuid();
    }

    private long openAlert(String rule, String severity) {
        AlertContext told = new AlertContext("PortRcvErrors +12 in 5m, limit 10", "PortRcvErrors", 12, 10, "in 5m",
                List.of(new AlertEnd(node, "rac1001 HCA-1", NodeType.CA, 1, 4, true),
                        new AlertEnd("0x0002c90200410d02", "leaf-07", NodeType.SWITCH, 7, 2, false)),
                List.of("Reseat the cable"), false);
        return alerts.open(new AlertRow(0, rule + "|link:0x0002c90200410d02/7-" + node + "/1", rule, severity, "LINK",
                node, "0x0002c90200410d02", null, told.summary(), json.writeValueAsString(told), Instant.now(), null,
                null, null, null, null, false)).block().id();
    }

    @Test
    void aSymbolErrorJumpIngestedBecomesAnAlertTheApiLists() {
        Instant at = Instant.now().minusSeconds(2);
        String agent = TestBatches.randomAgentId();
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 1, at, node, Map.of("SymbolErrorCounter", 0L))))
                .expectStatus().isAccepted();
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 2, at.plusSeconds(1), node,
                Map.of("SymbolErrorCounter", 17L)))).expectStatus().isAccepted();

        // By rule: the port is new to the fabric, so a topology baseline left by another test adds a "new CA" alert.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> read("/api/v1/alerts?node=" + node + "&rule=symbol-error-ber")
                .expectStatus().isOk().expectBody()
                .jsonPath("$.total").isEqualTo(1)
                .jsonPath("$.items[0].rule").isEqualTo("symbol-error-ber")
                .jsonPath("$.items[0].state").isEqualTo("FIRING")
                .jsonPath("$.items[0].scope").isEqualTo("LINK")
                .jsonPath("$.items[0].context.ends[0].nodeName").isEqualTo(agent + " HCA-1")
                .jsonPath("$.items[0].context.value").isEqualTo(17.0));
    }

    @Test
    void listFiltersAndPages() {
        openAlert("rcv-errors", "WARNING");
        openAlert("xmit-discards", "CRITICAL");

        read("/api/v1/alerts?node=" + node).expectBody().jsonPath("$.total").isEqualTo(2)
                .jsonPath("$.items[0].rule").isEqualTo("xmit-discards");
        read("/api/v1/alerts?node=" + node + "&severity=critical").expectBody().jsonPath("$.total").isEqualTo(1);
        read("/api/v1/alerts?node=" + node + "&rule=rcv-errors&state=firing").expectBody()
                .jsonPath("$.items[0].rule").isEqualTo("rcv-errors");
        read("/api/v1/alerts?node=" + node + "&limit=1&offset=1").expectBody()
                .jsonPath("$.items.length()").isEqualTo(1)
                .jsonPath("$.items[0].rule").isEqualTo("rcv-errors")
                .jsonPath("$.offset").isEqualTo(1).jsonPath("$.limit").isEqualTo(1);
        read("/api/v1/alerts?node=" + node + "&since=2999-01-01T00:00:00Z").expectBody().jsonPath("$.total")
                .isEqualTo(0);
    }

    @Test
    void badFiltersAreOneProblemListingEach() {
        read("/api/v1/alerts?state=burning&since=yesterday&node=zz&colour=red").expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-query")
                .jsonPath("$.errors.length()").isEqualTo(4)
                .jsonPath("$.errors[?(@.path == 'state')].reason")
                .isEqualTo("must be one of OPEN, FIRING, ACKNOWLEDGED, RESOLVED, got 'burning'")
                .jsonPath("$.errors[?(@.path == 'since')].reason")
                .isEqualTo("must be an ISO-8601 instant such as 2026-03-01T12:00:00Z, got 'yesterday'");
    }

    @Test
    void acknowledgeWithATicketThenCommentThenResolveAreInHistoryAndAuditLog() {
        long id = openAlert("rcv-errors", "WARNING");

        anna.post().uri("/api/v1/alerts/{id}/ack", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ticket", "INC-4711", "comment", "on it")).exchange()
                .expectStatus().isOk().expectBody()
                .jsonPath("$.state").isEqualTo("ACKNOWLEDGED")
                .jsonPath("$.acknowledgedBy").isEqualTo("anna")
                .jsonPath("$.ticket").isEqualTo("INC-4711");
        anna.post().uri("/api/v1/alerts/{id}/comments", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("text", "reseated the cable\nat both ends")).exchange().expectStatus().isOk();
        anna.post().uri("/api/v1/alerts/{id}/resolve", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("reason", "cable replaced")).exchange()
                .expectStatus().isOk().expectBody().jsonPath("$.state").isEqualTo("RESOLVED")
                .jsonPath("$.resolvedBy").isEqualTo("anna");

        read("/api/v1/alerts/" + id).expectStatus().isOk().expectBody()
                .jsonPath("$.alert.context.ends[1].nodeName").isEqualTo("leaf-07")
                .jsonPath("$.history[*].kind").isEqualTo(List.of("ACKNOWLEDGED", "COMMENTED", "COMMENTED", "RESOLVED"))
                .jsonPath("$.history[0].text").isEqualTo("ticket INC-4711")
                .jsonPath("$.history[2].actor").isEqualTo("anna");
        List<AuditEntry> recent = audit.recent(null, 50).collectList().block();
        assertThat(recent).filteredOn(e -> e.target().equals("alert:" + id)).extracting(AuditEntry::action)
                .containsExactly("alert.resolve", "alert.comment", "alert.ack");
        assertThat(recent).filteredOn(e -> e.target().equals("alert:" + id)).allMatch(e -> e.actor().equals("anna"));

        anna.post().uri("/api/v1/alerts/{id}/ack", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ticket", "INC-1")).exchange()
                .expectStatus().isEqualTo(409).expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/conflict");
    }

    @Test
    void badActionsAreProblemsAndChangeNothing() {
        long id = openAlert("rcv-errors", "WARNING");

        anna.post().uri("/api/v1/alerts/{id}/ack", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ticket", "x".repeat(201))).exchange()
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-request")
                .jsonPath("$.errors[0].path").isEqualTo("ticket")
                .jsonPath("$.errors[0].reason").isEqualTo("is 201 characters, at most 200");
        anna.post().uri("/api/v1/alerts/{id}/comments", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("text", " ")).exchange()
                .expectStatus().isBadRequest().expectBody().jsonPath("$.detail").isEqualTo("text: is required");
        anna.post().uri("/api/v1/alerts/{id}/comments", id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{not json").exchange()
                .expectStatus().isBadRequest().expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        anna.post().uri("/api/v1/alerts/99999999/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of()).exchange()
                .expectStatus().isNotFound().expectBody().jsonPath("$.detail").isEqualTo("no alert 99999999");
        read("/api/v1/alerts/not-a-number").expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);

        read("/api/v1/alerts/" + id).expectBody().jsonPath("$.alert.state").isEqualTo("FIRING")
                .jsonPath("$.history.length()").isEqualTo(0);
    }

    @Test
    void readingNeedsASignedInUserAndWritingToo() {
        long id = openAlert("rcv-errors", "WARNING");
        // Refused requests close their connection (as RoleMatrix does): a refusal answered before the request
        // was read left the pooled connection in a state where the next request on it hung, once in CI.
        web.get().uri("/api/v1/alerts").header(HttpHeaders.CONNECTION, "close").exchange().expectStatus().isUnauthorized();
        // Without a user the write is refused before it reaches the controller (the CSRF check comes first).
        web.post().uri("/api/v1/alerts/{id}/resolve", id).header(HttpHeaders.CONNECTION, "close").exchange()
                .expectStatus().isForbidden();
        read("/api/v1/alerts/" + id).expectBody().jsonPath("$.alert.state").isEqualTo("FIRING");
        read("/api/v1/alerts/" + id).expectStatus().isOk();
    }

    @Test
    void acknowledgingAGroupAcknowledgesEveryFiringMemberAsOneAcknowledgeEachAndLeavesTheRest() {
        long burst = openAlert("symbol-error-burst", "CRITICAL");
        long ber = openAlert("symbol-error-ber", "WARNING");
        long taken = openAlert("rcv-errors", "WARNING");
        long over = openAlert("link-downed", "WARNING");
        alerts.acknowledge(taken, Instant.now(), "bob", "INC-1").block();
        alerts.resolve(over, Instant.now(), "bob").block();

        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ids", List.of(burst, ber, taken, over, burst), "ticket", "INC-9", "comment", "one cable"))
                .exchange()
                .expectStatus().isOk().expectBody()
                .jsonPath("$.acknowledged[*].id").isEqualTo(List.of((int) burst, (int) ber))
                .jsonPath("$.acknowledged[*].state").isEqualTo(List.of("ACKNOWLEDGED", "ACKNOWLEDGED"))
                .jsonPath("$.unchanged").isEqualTo(List.of((int) taken, (int) over));

        for (long id : List.of(burst, ber)) {
            read("/api/v1/alerts/" + id).expectBody()
                    .jsonPath("$.alert.state").isEqualTo("ACKNOWLEDGED")
                    .jsonPath("$.alert.ticket").isEqualTo("INC-9")
                    .jsonPath("$.alert.acknowledgedBy").isEqualTo("anna")
                    .jsonPath("$.history[*].kind").isEqualTo(List.of("ACKNOWLEDGED", "COMMENTED"))
                    .jsonPath("$.history[0].text").isEqualTo("ticket INC-9")
                    .jsonPath("$.history[1].text").isEqualTo("one cable");
        }
        read("/api/v1/alerts/" + taken).expectBody().jsonPath("$.alert.ticket").isEqualTo("INC-1")
                .jsonPath("$.alert.acknowledgedBy").isEqualTo("bob").jsonPath("$.history.length()").isEqualTo(0);
        read("/api/v1/alerts/" + over).expectBody().jsonPath("$.alert.state").isEqualTo("RESOLVED")
                .jsonPath("$.alert.acknowledgedBy").doesNotExist();
        List<AuditEntry> recent = audit.recent(null, 100).collectList().block();
        assertThat(recent).filteredOn(e -> e.action().equals("alert.ack") && e.actor().equals("anna"))
                .extracting(AuditEntry::target).contains("alert:" + burst, "alert:" + ber)
                .doesNotContain("alert:" + taken, "alert:" + over);
    }

    @Test
    void aGroupAcknowledgeWithAnUnknownIdTooManyIdsOrBadFieldsIsRefusedWhole() {
        long id = openAlert("rcv-errors", "WARNING");

        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ids", List.of(id, 99999998L, 99999999L))).exchange()
                .expectStatus().isNotFound().expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/not-found")
                .jsonPath("$.detail").isEqualTo("no alert 99999998, 99999999");
        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ids", java.util.stream.LongStream.rangeClosed(id, id + 100).boxed().toList())).exchange()
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].path").isEqualTo("ids")
                .jsonPath("$.errors[0].reason").isEqualTo("has 101 ids, at most 100");
        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ids", List.of())).exchange()
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].path").isEqualTo("ids");
        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ids", List.of(id, -3))).exchange()
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].reason").isEqualTo("must all be alert ids (positive numbers)");
        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("ids", List.of(id), "ticket", "x".repeat(201))).exchange()
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].path").isEqualTo("ticket");
        anna.post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"ids\": [\"all\"]}").exchange()
                .expectStatus().isBadRequest().expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);

        read("/api/v1/alerts/" + id).expectBody().jsonPath("$.alert.state").isEqualTo("FIRING")
                .jsonPath("$.history.length()").isEqualTo(0);
    }

    @Test
    void aViewerAViewersTokenAndSomeoneNotSignedInCannotAcknowledgeAGroup() {
        long id = openAlert("rcv-errors", "WARNING");
        String body = "{\"ids\": [" + id + "], \"ticket\": \"INC-666\"}";
        WebTestClient app = WebTestClient.bindToApplicationContext(context).apply(springSecurity()).configureClient().build();

        app.mutateWith(mockUser("vera").authorities(Role.VIEWER.authorities())).mutateWith(csrf())
                .post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange()
                .expectStatus().isForbidden();
        app.mutateWith(csrf()).post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isUnauthorized();
        String readToken = tokens.create("group-ack-read", java.util.Set.of(ApiScope.READ), "test").block().secret();
        web.post().uri("/api/v1/alerts/ack").header(HttpHeaders.CONNECTION, "close")
                .headers(h -> h.setBearerAuth(readToken)).contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isForbidden();
        // An operator's own browser session, but a request forged without the CSRF token: refused.
        app.mutateWith(mockUser("anna").authorities(Role.OPERATOR.authorities()))
                .post().uri("/api/v1/alerts/ack").contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange()
                .expectStatus().isForbidden();

        read("/api/v1/alerts/" + id).expectBody().jsonPath("$.alert.state").isEqualTo("FIRING")
                .jsonPath("$.history.length()").isEqualTo(0);
    }
}
