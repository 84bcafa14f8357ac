package io.fabricpulse.server.security;

import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/** Who may do what on a normal (non-demo) start. */
class SecurityTest extends ServerTest {

    @Test
    void anonymousReadsOfTheApiAreRefusedAsAProblemWithABasicChallenge() {
        web.get().uri("/api/v1/nodes").exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectHeader().valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"FabricPulse\"")
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/unauthorized")
                .jsonPath("$.detail").isEqualTo("sign in first: send HTTP Basic credentials or an API token "
                        + "(Authorization: Bearer fp_...), or log in at /login")
                .jsonPath("$.instance").isEqualTo("/api/v1/nodes");
    }

    @Test
    void theAdminReadsTheApi() {
        read("/api/v1/nodes").expectStatus().isOk().expectHeader().contentType(MediaType.APPLICATION_JSON);
    }

    @Test
    void aWrongPasswordIsRefused() {
        web.get().uri("/api/v1/ports").headers(h -> h.setBasicAuth(ADMIN, "not-the-password")).exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.detail").isEqualTo("wrong user name or password");
    }

    @Test
    void anonymousIngestIsRefused() {
        web.post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"fabricpulse-ingest\"");
    }

    @Test
    void theAgentTokenDoesNotOpenTheReadApi() {
        web.get().uri("/api/v1/ports").headers(h -> h.setBearerAuth(AGENT_TOKEN)).exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void pagesRedirectAnonymousBrowsersToTheLoginForm() {
        web.get().uri("/").accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isFound()
                .expectHeader().valueEquals(HttpHeaders.LOCATION, "/login");
        web.get().uri("/login").exchange().expectStatus().isOk().expectBody(String.class)
                .value(html -> org.assertj.core.api.Assertions.assertThat(html)
                        .contains("name=\"_csrf\"").contains("action=\"/login\"").contains("Sign in"));
    }

    @Test
    void healthAndStaticAssetsArePublic() {
        web.get().uri("/actuator/health").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("UP");
        web.get().uri("/css/none.css").exchange().expectStatus().isNotFound();
        // The login page shows the logo too.
        web.get().uri("/favicon.svg").exchange().expectStatus().isOk();
        web.get().uri("/css/app.css").exchange().expectStatus().isOk();
    }

    @Test
    void aFormPostWithoutCsrfTokenIsRefused() {
        web.post().uri("/logout").headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD)).exchange()
                .expectStatus().isForbidden();
        web.post().uri("/api/v1/nodes").headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD)).exchange()
                .expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }
}
