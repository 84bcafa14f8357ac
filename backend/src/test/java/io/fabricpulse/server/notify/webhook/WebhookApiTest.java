package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.Notifications;
import io.fabricpulse.server.notify.TestNotices;
import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.web.SignedInClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.csrf;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.springSecurity;

/** /api/v1/webhooks on the whole server: CRUD, the test message, problems for bad input, audit, auth. */
class WebhookApiTest extends ServerTest {

    private static final String SECRET = "0123456789abcdef-secret";

    @Autowired
    private ApplicationContext context;
    @Autowired
    private AuditLogRepository audit;
    @Autowired
    private Notifications notifications;

    private WebTestClient signedIn;
    private WebhookSink sink;

    @BeforeEach
    void setUp() {
        signedIn = SignedInClient.as(context, Role.ADMIN).mutateWith(csrf());
        sink = WebhookSink.start();
    }

    @AfterEach
    void deleteWebhooksAndCloseSink() {
        List<Map<String, Object>> all = signedIn.get().uri("/api/v1/webhooks").exchange().expectStatus().isOk()
                .expectBodyList(new org.springframework.core.ParameterizedTypeReference<Map<String, Object>>() { })
                .returnResult().getResponseBody();
        all.stream().filter(webhook -> "api".equals(webhook.get("source")))
                .forEach(webhook -> signedIn.delete().uri("/api/v1/webhooks/" + webhook.get("id")).exchange());
        sink.close();
    }

    private String create(String json) {
        return signedIn.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON).bodyValue(json)
                .exchange().expectStatus().isCreated()
                .expectBody().jsonPath("$.id").value(id -> { }).returnResult().getResponseHeaders()
                .getLocation().getPath().replace("/api/v1/webhooks/", "");
    }

    @Test
    void aWebhookIsCreatedShownChangedAndDeletedWithoutEverShowingItsSecret() {
        Instant before = Instant.now().minusSeconds(1);
        String id = create("{\"name\":\"tickets\",\"type\":\"generic\",\"url\":\"" + sink.url("/hook/token-in-path")
                + "\",\"secret\":\"" + SECRET + "\",\"minSeverity\":\"warning\",\"clusters\":[\"etna\"]}");

        String shown = signedIn.get().uri("/api/v1/webhooks/" + id).exchange().expectStatus().isOk()
                .expectBody()
                .jsonPath("$.name").isEqualTo("tickets")
                .jsonPath("$.type").isEqualTo("generic")
                .jsonPath("$.url").isEqualTo(sink.url("/").toString() + "…")
                .jsonPath("$.minSeverity").isEqualTo("WARNING")
                .jsonPath("$.clusters[0]").isEqualTo("etna")
                .jsonPath("$.hasSecret").isEqualTo(true)
                .jsonPath("$.source").isEqualTo("api")
                .returnResult().toString();
        assertThat(shown).doesNotContain(SECRET).doesNotContain("token-in-path");

        signedIn.put().uri("/api/v1/webhooks/" + id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"tickets-2\",\"type\":\"generic\",\"url\":\"" + sink.url("/other") + "\"}")
                .exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.name").isEqualTo("tickets-2").jsonPath("$.hasSecret").isEqualTo(true);
        signedIn.get().uri("/api/v1/webhooks").exchange().expectBody()
                .jsonPath("$[?(@.id == '" + id + "')].name").isEqualTo("tickets-2");
        signedIn.delete().uri("/api/v1/webhooks/" + id).exchange().expectStatus().isNoContent();
        signedIn.get().uri("/api/v1/webhooks/" + id).exchange().expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/not-found");

        List<AuditEntry> entries = audit.recent(before, 100).filter(entry -> entry.target().equals("webhook:" + id))
                .collectList().block();
        assertThat(entries).extracting(AuditEntry::action)
                .containsExactly("webhook.delete", "webhook.update", "webhook.create");
        assertThat(entries).allSatisfy(entry -> {
            assertThat(entry.actor()).isEqualTo("noc");
            assertThat(entry.detail()).doesNotContain(SECRET).doesNotContain("token-in-path");
        });
    }

    @Test
    void aChangeThatLeavesOutTheUrlAndSecretKeepsBoth() {
        String id = create("{\"name\":\"tickets\",\"type\":\"generic\",\"url\":\"" + sink.url("/hook/kept-path")
                + "\",\"secret\":\"" + SECRET + "\"}");

        // What the settings page sends when the URL and secret inputs are left blank.
        signedIn.put().uri("/api/v1/webhooks/" + id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"tickets, critical only\",\"type\":\"generic\",\"minSeverity\":\"critical\"}")
                .exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.minSeverity").isEqualTo("CRITICAL").jsonPath("$.hasSecret").isEqualTo(true);
        signedIn.post().uri("/api/v1/webhooks/" + id + "/test").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.delivered").isEqualTo(true);

        // The test message (the shared test server's own alerts may reach the webhook too).
        assertThat(sink.received()).filteredOn(request -> request.headers().get("idempotency-key").startsWith("test-"))
                .singleElement().satisfies(request -> {
            assertThat(request.path()).isEqualTo("/hook/kept-path");
            assertThat(request.headers()).containsKey("x-fabricpulse-signature");
        });
        // A new webhook still needs one.
        signedIn.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"no url\",\"type\":\"generic\"}")
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[?(@.path == 'url')]").exists();
    }

    @Test
    void badSettingsAreOneProblemListingEveryFieldAndStoreNothing() {
        signedIn.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"type\":\"hipchat\",\"url\":\"ftp://example.org\",\"minSeverity\":\"urgent\","
                        + "\"clusters\":\"etna\",\"colour\":\"red\"}")
                .exchange().expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-webhook")
                .jsonPath("$.errors.length()").isEqualTo(6)
                .jsonPath("$.errors[?(@.path == 'colour')].reason")
                .isEqualTo("unknown field; the fields are clusters, minSeverity, name, secret, type, url")
                .jsonPath("$.errors[?(@.path == 'name')].reason").isEqualTo("required, 1 to 100 characters")
                .jsonPath("$.errors[?(@.path == 'clusters')].reason").isEqualTo("must be an array of cluster names")
                .jsonPath("$.errors[?(@.path == 'type')].reason")
                .isEqualTo("unknown type 'hipchat'; one of slack, mattermost, rocketchat, teams, google-chat, discord, generic")
                .jsonPath("$.errors[?(@.path == 'url')].reason").isEqualTo("must be an http or https URL, got 'ftp://example.org'")
                .jsonPath("$.errors[?(@.path == 'minSeverity')].reason")
                .isEqualTo("unknown severity 'urgent'; one of info, warning, critical");
        signedIn.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"t\",\"type\":\"generic\",\"url\":\"https://t.example.org\"}")
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail")
                .isEqualTo("secret: required for a generic webhook (the HMAC-SHA256 key receivers check signatures with)");
        signedIn.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\": ")
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-json");
        signedIn.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON).bodyValue("[1]")
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("the body must be a JSON object with name, type and url");

        signedIn.get().uri("/api/v1/webhooks").exchange().expectBody().jsonPath("$[?(@.source == 'api')]").isEmpty();
    }

    @Test
    void theTestActionPostsATestMessageAndSaysWhatTheChannelAnswered() {
        String id = create("{\"name\":\"noc chat\",\"type\":\"slack\",\"url\":\"" + sink.url("/slack") + "\"}");
        sink.thenAnswer(WebhookSink.Answer.status(200), WebhookSink.Answer.status(404));

        signedIn.post().uri("/api/v1/webhooks/" + id + "/test").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.delivered").isEqualTo(true).jsonPath("$.status").isEqualTo(200);
        signedIn.post().uri("/api/v1/webhooks/" + id + "/test").exchange().expectStatus().isOk()
                // The status only: never the receiver's body (issue 20).
                .expectBody().jsonPath("$.delivered").isEqualTo(false).jsonPath("$.status").isEqualTo(404)
                .jsonPath("$.reason").doesNotExist();

        assertThat(sink.received()).hasSize(2);
        assertThat(sink.received().getFirst().json().get("text").asString())
                .contains("Test message requested by noc: FabricPulse can post to noc chat");
    }

    @Test
    void anAnnouncedNoticeReachesAStoredWebhookThroughTheRunningOutbox() {
        create("{\"name\":\"ops\",\"type\":\"discord\",\"url\":\"" + sink.url("/discord") + "\"}");

        assertThat(notifications.announce(TestNotices.notice(io.fabricpulse.server.notify.AlertNotice.Kind.FIRING,
                "api-" + System.nanoTime(), io.fabricpulse.server.notify.AlertNotice.Severity.CRITICAL, "etna",
                Instant.now())).block()).isEqualTo(1);

        await().atMost(Duration.ofSeconds(20)).until(() -> sink.accepted().size() == 1);
        assertThat(sink.accepted().getFirst().json().get("content").asString()).contains("rac1001 HCA-1");
    }

    @Test
    void aDisabledWebhookIsKeptButGetsNoNoticesUntilEnabledAgain() {
        Instant before = Instant.now().minusSeconds(1);
        String id = create("{\"name\":\"paused\",\"type\":\"discord\",\"url\":\"" + sink.url("/paused") + "\"}");

        signedIn.post().uri("/api/v1/webhooks/" + id + "/disable").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.enabled").isEqualTo(false).jsonPath("$.name").isEqualTo("paused");
        signedIn.get().uri("/api/v1/webhooks/" + id).exchange().expectBody().jsonPath("$.enabled").isEqualTo(false);
        assertThat(notifications.announce(TestNotices.notice(io.fabricpulse.server.notify.AlertNotice.Kind.FIRING,
                "off-" + System.nanoTime(), io.fabricpulse.server.notify.AlertNotice.Severity.CRITICAL, "etna",
                Instant.now())).block()).as("nothing queued for a webhook that is off").isZero();
        // A PUT changes the settings, not whether it is on.
        signedIn.put().uri("/api/v1/webhooks/" + id).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"paused\",\"type\":\"discord\",\"url\":\"" + sink.url("/paused") + "\"}")
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.enabled").isEqualTo(false);

        signedIn.post().uri("/api/v1/webhooks/" + id + "/enable").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.enabled").isEqualTo(true);
        assertThat(notifications.announce(TestNotices.notice(io.fabricpulse.server.notify.AlertNotice.Kind.FIRING,
                "on-" + System.nanoTime(), io.fabricpulse.server.notify.AlertNotice.Severity.CRITICAL, "etna",
                Instant.now())).block()).isEqualTo(1);
        await().atMost(Duration.ofSeconds(20)).until(() -> sink.accepted().size() == 1);

        assertThat(audit.recent(before, 100).filter(entry -> entry.target().equals("webhook:" + id)).collectList().block())
                .extracting(AuditEntry::action)
                .contains("webhook.disable", "webhook.enable");
        signedIn.post().uri("/api/v1/webhooks/999999/disable").exchange().expectStatus().isNotFound();
    }

    @Test
    void unknownIdsAreNotFoundAndChangesNeedASignedInUser() {
        signedIn.get().uri("/api/v1/webhooks/999999").exchange().expectStatus().isNotFound();
        signedIn.post().uri("/api/v1/webhooks/config-0000000000000000/test").exchange().expectStatus().isNotFound();
        signedIn.delete().uri("/api/v1/webhooks/not-an-id").exchange().expectStatus().isNotFound();

        String body = "{\"name\":\"x\",\"type\":\"slack\",\"url\":\"https://x.example.org\"}";
        // Over real HTTP without a session the CSRF check refuses first; with a CSRF token, authentication does.
        web.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isForbidden();
        WebTestClient.bindToApplicationContext(context).apply(springSecurity()).configureClient().build().mutateWith(csrf())
                .post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isUnauthorized();
        web.get().uri("/api/v1/webhooks").exchange().expectStatus().isUnauthorized();
        signedIn.get().uri("/api/v1/webhooks").exchange().expectBody().jsonPath("$[?(@.source == 'api')]").isEmpty();
    }
}
