package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.csrf;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.mockUser;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.springSecurity;

/** {@code /api/v1/alerts/silences} and {@code /api/v1/alerts/rules}: CRUD, normalisation, bad input as problems. */
class SilenceAndRuleApiTest extends ServerTest {

    @Autowired
    private ApplicationContext context;
    @Autowired
    private AuditLogRepository audit;

    private WebTestClient anna;

    @BeforeEach
    void signIn() {
        anna = WebTestClient.bindToApplicationContext(context).apply(springSecurity()).configureClient().build()
                .mutateWith(mockUser("anna").authorities(Role.ADMIN.authorities())).mutateWith(csrf());
    }

    private WebTestClient.ResponseSpec post(String uri, Object body) {
        return anna.post().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private WebTestClient.ResponseSpec put(String uri, Object body) {
        return anna.put().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    @Test
    void aSilenceIsCreatedNormalisedReadChangedAndDeleted() {
        String guid = TestBatches.randomGuid();
        Instant end = Instant.now().plusSeconds(3600);
        Map<String, Object> body = new HashMap<>(Map.of("kind", "link",
                "value", guid.substring(2).toUpperCase() + "/7-0x0002c903003178f0/1", "endsAt", end.toString(),
                "comment", "cable swap CHG-12"));
        SilenceView created = post("/api/v1/alerts/silences", body).expectStatus().isCreated()
                .expectBody(SilenceView.class).returnResult().getResponseBody();
        assertThat(created.kind()).isEqualTo("LINK");
        assertThat(created.value()).isEqualTo("link:0x0002c903003178f0/1-" + guid + "/7");
        assertThat(created.state()).isEqualTo("ACTIVE");
        assertThat(created.createdBy()).isEqualTo("anna");
        long id = created.id();

        read("/api/v1/alerts/silences/" + id).expectStatus().isOk().expectBody().jsonPath("$.comment")
                .isEqualTo("cable swap CHG-12");
        body.put("kind", "NODE");
        body.put("value", guid);
        body.put("startsAt", Instant.now().plusSeconds(600).toString());
        put("/api/v1/alerts/silences/" + id, body).expectStatus().isOk().expectBody()
                .jsonPath("$.state").isEqualTo("PENDING").jsonPath("$.value").isEqualTo(guid);
        anna.delete().uri("/api/v1/alerts/silences/" + id).exchange().expectStatus().isNoContent();
        read("/api/v1/alerts/silences/" + id).expectStatus().isNotFound();
        anna.delete().uri("/api/v1/alerts/silences/" + id).exchange().expectStatus().isNotFound();
        assertThat(audit.recent(null, 20).collectList().block()).filteredOn(e -> e.target().equals("silence:" + id))
                .extracting(AuditEntry::action).containsExactly("silence.delete", "silence.update", "silence.create");
    }

    @Test
    void aSilenceForADurationEndsThatLongAfterItsStartAndExpireEndsItNowButKeepsIt() {
        Instant before = Instant.now();
        SilenceView created = post("/api/v1/alerts/silences", Map.of("kind", "NODE", "value", TestBatches.randomGuid(),
                "duration", "PT4H", "comment", "reseat CHG-9")).expectStatus().isCreated()
                .expectBody(SilenceView.class).returnResult().getResponseBody();
        assertThat(java.time.Duration.between(created.startsAt(), created.endsAt())).isEqualTo(java.time.Duration.ofHours(4));
        assertThat(created.startsAt()).isAfterOrEqualTo(before.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));

        SilenceView expired = post("/api/v1/alerts/silences/" + created.id() + "/expire", Map.of()).expectStatus().isOk()
                .expectBody(SilenceView.class).returnResult().getResponseBody();
        assertThat(expired.state()).isEqualTo("EXPIRED");
        assertThat(expired.startsAt()).isEqualTo(created.startsAt());
        assertThat(expired.endsAt()).isBefore(created.endsAt());
        read("/api/v1/alerts/silences/" + created.id()).expectStatus().isOk().expectBody()
                .jsonPath("$.state").isEqualTo("EXPIRED").jsonPath("$.comment").isEqualTo("reseat CHG-9");
        post("/api/v1/alerts/silences/" + created.id() + "/expire", Map.of()).expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.detail").value(d -> assertThat((String) d).startsWith(
                        "silence " + created.id() + " already ended at "));
        post("/api/v1/alerts/silences/987654321/expire", Map.of()).expectStatus().isNotFound();
        assertThat(audit.recent(null, 20).collectList().block()).filteredOn(e -> e.target().equals("silence:" + created.id()))
                .extracting(AuditEntry::action).containsExactly("silence.expire", "silence.create");
    }

    @Test
    void aPendingSilenceThatIsExpiredNeverApplies() {
        SilenceView pending = post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-z",
                "startsAt", Instant.now().plusSeconds(3600).toString(), "duration", "PT1H", "comment", "next week"))
                .expectStatus().isCreated().expectBody(SilenceView.class).returnResult().getResponseBody();
        assertThat(pending.state()).isEqualTo("PENDING");

        SilenceView expired = post("/api/v1/alerts/silences/" + pending.id() + "/expire", Map.of()).expectStatus().isOk()
                .expectBody(SilenceView.class).returnResult().getResponseBody();

        assertThat(expired.state()).isEqualTo("EXPIRED");
        assertThat(expired.endsAt()).isBefore(pending.startsAt()).isAfter(expired.startsAt());
    }

    @Test
    void aDurationIsEitherOrWithEndsAtAndBounded() {
        String end = Instant.now().plusSeconds(600).toString();
        post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-a", "comment", "c", "endsAt", end,
                "duration", "PT1H")).expectStatus().isBadRequest().expectBody()
                .jsonPath("$.detail").isEqualTo("duration: give endsAt or duration, not both");
        post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-a", "comment", "c", "duration", "-PT1H"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.detail").isEqualTo("duration: must be longer than 0 and at most 90 days, got PT-1H");
        post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-a", "comment", "c", "duration", "P91D"))
                .expectStatus().isBadRequest();
        post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-a", "comment", "c"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.detail").isEqualTo("endsAt: is required (or a duration)");
        post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-a", "comment", "c", "duration", "4 hours"))
                .expectStatus().isBadRequest().expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @Test
    void aBadSilenceIsOneProblemListingEveryField() {
        post("/api/v1/alerts/silences", Map.of("kind", "HOST", "value", "x", "endsAt", "2001-01-01T00:00:00Z"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-request")
                .jsonPath("$.errors[?(@.path == 'kind')].reason").isEqualTo("must be one of NODE, LINK, CLUSTER, RULE, got 'HOST'")
                .jsonPath("$.errors[?(@.path == 'comment')].reason").isEqualTo("is required")
                .jsonPath("$.errors[?(@.path == 'endsAt')].reason")
                .value(r -> assertThat(r.toString()).contains("must be after startsAt"));
        post("/api/v1/alerts/silences", Map.of("kind", "CLUSTER", "value", "pod-a", "comment", "c",
                "startsAt", "2000-01-01T00:00:00Z", "endsAt", "2001-01-01T00:00:00Z"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.detail").isEqualTo("endsAt: is in the past: the silence would never apply");
        post("/api/v1/alerts/silences", Map.of("kind", "RULE", "value", "no-such-rule", "comment", "c",
                "endsAt", Instant.now().plusSeconds(60).toString()))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].reason").value(reason -> assertThat((String) reason).startsWith("no rule 'no-such-rule'"));
        post("/api/v1/alerts/silences", Map.of("kind", "LINK", "value", "0x1/1", "comment", "c",
                "endsAt", Instant.now().plusSeconds(60).toString()))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].reason").isEqualTo("must be two ports such as 0x0002c903003178f0/1-0x0002c90200410d02/7");
        post("/api/v1/alerts/silences", Map.of("kind", "NODE", "value", "0x1", "comment", "c", "endsAt", "soon"))
                .expectStatus().isBadRequest().expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        read("/api/v1/alerts/silences?limit=0").expectStatus().isBadRequest();
    }

    @Test
    void rulesListTheirDefaultsAndAClusterOverrideWinsOnlyThere() {
        read("/api/v1/alerts/rules").expectStatus().isOk().expectBody()
                .jsonPath("$[?(@.name == 'symbol-error-ber')].defaults.threshold").isEqualTo(1e-14)
                .jsonPath("$[?(@.name == 'xmit-discards')].effective.threshold").isEqualTo(200.0)
                .jsonPath("$.length()").isEqualTo(22);

        put("/api/v1/alerts/rules/xmit-discards?cluster=pod-a", Map.of("threshold", 50, "window", "PT1M"))
                .expectStatus().isOk().expectBody()
                .jsonPath("$.effective.threshold").isEqualTo(50.0)
                .jsonPath("$.effective.window").isEqualTo("PT1M")
                .jsonPath("$.apiSettings['pod-a'].threshold").isEqualTo(50.0);
        read("/api/v1/alerts/rules/xmit-discards").expectBody().jsonPath("$.effective.threshold").isEqualTo(200.0);
        read("/api/v1/alerts/rules/xmit-discards?cluster=pod-a").expectBody().jsonPath("$.effective.threshold")
                .isEqualTo(50.0);
        assertThat(audit.recent(null, 5).collectList().block()).anyMatch(e -> e.action().equals("rule.update")
                && e.target().equals("rule:xmit-discards@pod-a") && e.actor().equals("anna"));

        anna.delete().uri("/api/v1/alerts/rules/xmit-discards?cluster=pod-a").exchange().expectStatus().isNoContent();
        read("/api/v1/alerts/rules/xmit-discards?cluster=pod-a").expectBody().jsonPath("$.effective.threshold")
                .isEqualTo(200.0);
        anna.delete().uri("/api/v1/alerts/rules/xmit-discards?cluster=pod-a").exchange().expectStatus().isNotFound();
    }

    @Test
    void badRuleSettingsAreProblemsAndChangeNothing() {
        put("/api/v1/alerts/rules/xmit-wait", Map.of("treshold", 0.2)).expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].path").isEqualTo("treshold")
                .jsonPath("$.errors[0].reason").value(r -> assertThat((String) r).startsWith("unknown field; known:"));
        put("/api/v1/alerts/rules/xmit-wait", Map.of("threshold", -1, "window", "PT0S", "expected", "4X EDRR"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors.length()").isEqualTo(3)
                .jsonPath("$.errors[?(@.path == 'threshold')].reason").isEqualTo("must be a finite number >= 0, got -1.0");
        put("/api/v1/alerts/rules/xmit-wait", Map.of("severity", "LOUD")).expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        put("/api/v1/alerts/rules/no-such-rule", Map.of("threshold", 1)).expectStatus().isNotFound();
        read("/api/v1/alerts/rules/xmit-wait").expectBody().jsonPath("$.effective.threshold").isEqualTo(0.1)
                .jsonPath("$.apiSettings").isEmpty();
    }
}
