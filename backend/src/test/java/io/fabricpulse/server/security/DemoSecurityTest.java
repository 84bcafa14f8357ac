package io.fabricpulse.server.security;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo start: anonymous read-only access, and (no agent token configured here) every ingest
 * refused. The second and last server configuration of the test suite.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"fabricpulse.demo.enabled=true", "fabricpulse.ingest.agent-token="})
@AutoConfigureWebTestClient
class DemoSecurityTest {

    @Autowired
    private WebTestClient web;

    @Test
    void anonymousReadsAreAllowed() {
        web.get().uri("/api/v1/nodes").exchange().expectStatus().isOk();
        web.get().uri("/api/v1/ports?limit=5").exchange().expectStatus().isOk();
    }

    @Test
    void anonymousWritesAreNot() {
        web.delete().uri("/api/v1/ports").exchange()
                .expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);

        // Even with the session's CSRF token, which a browser page would have: no user, no write.
        EntityExchangeResult<String> login = web.get().uri("/login").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult();
        Matcher csrf = Pattern.compile("name=\"_csrf\" type=\"hidden\" value=\"([^\"]+)\"").matcher(login.getResponseBody());
        assertThat(csrf.find()).as("login page carries a CSRF token").isTrue();
        web.post().uri("/api/v1/nodes")
                .cookie("SESSION", login.getResponseCookies().getFirst("SESSION").getValue())
                .header("X-CSRF-TOKEN", csrf.group(1))
                .exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @Test
    void withoutAConfiguredAgentTokenEveryIngestIsRefused() {
        web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth("anything"))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.detail").isEqualTo("the bearer token is not a valid agent token");
        web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(""))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isUnauthorized();
    }
}
