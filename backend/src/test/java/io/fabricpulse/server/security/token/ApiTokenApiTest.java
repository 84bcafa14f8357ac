package io.fabricpulse.server.security.token;

import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /api/v1/tokens} over HTTP as a ticket system meets it: an admin creates a token and sees
 * its secret once, the token works for what its scope allows and nothing else (not for ingest), its
 * use and its revocation are in the audit log, and a revoked token is refused.
 */
class ApiTokenApiTest extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private String csrf;

    @BeforeEach
    void csrfTokenOfAPage() {
        ResponseCookie cookie = web.get().uri("/login").exchange().returnResult(String.class).getResponseCookies()
                .getFirst("XSRF-TOKEN");
        csrf = cookie.getValue();
    }

    /** As the admin by HTTP Basic, with the page's CSRF token as a browser script would send it. */
    private WebTestClient.RequestBodySpec asAdmin(WebTestClient.RequestBodySpec request) {
        return request.headers(h -> {
            h.setBasicAuth(ADMIN, ADMIN_PASSWORD);
            h.set("X-XSRF-TOKEN", csrf);
        }).cookie("XSRF-TOKEN", csrf);
    }

    private JsonNode create(String body) {
        String created = asAdmin(web.post().uri("/api/v1/tokens")).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body).exchange()
                .expectStatus().isCreated()
                .expectBody(String.class).returnResult().getResponseBody();
        return JSON.readTree(created);
    }

    @Test
    void aTicketSystemsTokenIsShownOnceWorksWithinItsScopeAndIsAudited() {
        JsonNode issued = create("{\"name\": \"jira\", \"scopes\": [\"ack\"]}");
        String secret = issued.path("secret").asString();
        long id = issued.path("token").path("id").asLong();
        assertThat(secret).startsWith("fp_");
        assertThat(issued.path("token").path("scopes").toString()).isEqualTo("[\"ack\"]");
        assertThat(issued.path("token").path("createdBy").asString()).isEqualTo(ADMIN);

        web.get().uri("/api/v1/nodes").headers(h -> h.setBearerAuth(secret)).exchange().expectStatus().isOk();
        // No CSRF token needed with a bearer token; but an ack token may not manage tokens...
        web.post().uri("/api/v1/tokens").headers(h -> h.setBearerAuth(secret)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": \"x\", \"scopes\": [\"admin\"]}").exchange()
                .expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        // ... nor push batches.
        web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(secret)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{}").exchange().expectStatus().isUnauthorized();

        String list = read("/api/v1/tokens").expectStatus().isOk().expectBody(String.class).returnResult()
                .getResponseBody();
        assertThat(list).contains("\"name\":\"jira\"").doesNotContain(secret).doesNotContain("secret");
        read("/api/v1/tokens/" + id).expectStatus().isOk().expectBody()
                .jsonPath("$.lastUsedAt").isNotEmpty()
                .jsonPath("$.revokedAt").isEmpty();

        asAdmin(web.method(org.springframework.http.HttpMethod.DELETE).uri("/api/v1/tokens/" + id)).exchange()
                .expectStatus().isNoContent();
        web.get().uri("/api/v1/nodes").headers(h -> h.setBearerAuth(secret)).exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().valueEquals(HttpHeaders.WWW_AUTHENTICATE,
                        "Bearer realm=\"FabricPulse\", error=\"invalid_token\"");

        String audit = read("/api/v1/audit?target=api-token:" + id).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        JsonNode entries = JSON.readTree(audit).path("entries");
        assertThat(entries.valueStream().map(entry -> entry.path("actor").asString() + " " + entry.path("action").asString()))
                .containsExactly("admin api-token.revoke", "token:jira#" + id + " api-token.use",
                        "admin api-token.create");
        assertThat(entries.get(1).path("detail").asString()).isEqualTo("GET /api/v1/nodes");
    }

    @Test
    void badRequestsAreProblemsAndCreateNothing() {
        String before = read("/api/v1/tokens").expectBody(String.class).returnResult().getResponseBody();

        asAdmin(web.post().uri("/api/v1/tokens")).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": \"jira\", \"scopes\": [\"ingest\"]}").exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo("unknown API token scope 'ingest'; known: read, ack, admin");
        asAdmin(web.post().uri("/api/v1/tokens")).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": \" \", \"scopes\": [\"read\"]}").exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("API token name is required");
        asAdmin(web.post().uri("/api/v1/tokens")).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": \"jira\"}").exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("scopes is required: a list of read, ack, admin");
        asAdmin(web.post().uri("/api/v1/tokens")).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": ").exchange()
                .expectStatus().isBadRequest();
        asAdmin(web.method(org.springframework.http.HttpMethod.DELETE).uri("/api/v1/tokens/987654321")).exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail").isEqualTo("there is no API token 987654321");

        assertThat(read("/api/v1/tokens").expectBody(String.class).returnResult().getResponseBody()).isEqualTo(before);
    }

    @Test
    void aBasicAuthWriteWithoutTheCsrfTokenIsRefusedButABearerOneNeedsNone() {
        web.post().uri("/api/v1/tokens").headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\": \"x\", \"scopes\": [\"read\"]}").exchange()
                .expectStatus().isForbidden();
        String adminToken = create("{\"name\": \"terraform\", \"scopes\": [\"admin\"]}").path("secret").asString();

        web.post().uri("/api/v1/tokens").headers(h -> h.setBearerAuth(adminToken))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\": \"grafana\", \"scopes\": [\"read\"]}")
                .exchange()
                .expectStatus().isCreated()
                .expectBody().jsonPath("$.token.createdBy").value(by -> assertThat((String) by).startsWith("token:terraform#"));
    }
}
