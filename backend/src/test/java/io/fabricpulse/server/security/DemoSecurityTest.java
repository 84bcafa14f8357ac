package io.fabricpulse.server.security;

import io.fabricpulse.server.security.token.ApiTokenStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo start: anonymous read-only access, and (no agent token configured here) every ingest
 * refused. The second and last server configuration of the test suite.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"fabricpulse.demo.enabled=true", "fabricpulse.ingest.agent-token="})
@AutoConfigureWebTestClient(timeout = "30s")
class DemoSecurityTest {

    @Autowired
    private WebTestClient web;
    @Autowired
    private ApplicationContext context;
    @Autowired
    private ApiTokenStore tokens;

    @Test
    void anonymousReadsAreAllowed() {
        web.get().uri("/api/v1/nodes").exchange().expectStatus().isOk();
        web.get().uri("/api/v1/ports?limit=5").exchange().expectStatus().isOk();
    }

    @Test
    void anonymousVisitorsAreOfferedASignInLinkOnEveryPage() {
        // The demo's overview and inventory list hundreds of nodes: more than the client buffers by default.
        WebTestClient pages = web.mutate().codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(8 << 20)).build();
        for (String path : new String[] {"/", "/map", "/alerts", "/inventory"}) {
            String page = pages.get().uri(path).exchange().expectStatus().isOk().expectBody(String.class).returnResult()
                    .getResponseBody();
            assertThat(org.jsoup.Jsoup.parse(page).select("header a.sign-in[href=/login]")).as(path).hasSize(1);
            assertThat(org.jsoup.Jsoup.parse(page).select("form.sign-out")).as(path).isEmpty();
        }
    }

    @Test
    void anonymousWritesAreNot() {
        web.delete().uri("/api/v1/ports").exchange()
                .expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);

        // Even with the CSRF token, which a browser page would have: no user, no write.
        String csrf = RoleMatrix.csrfToken(web);
        web.post().uri("/api/v1/nodes")
                .cookie(RoleMatrix.CSRF_COOKIE, csrf)
                .header(RoleMatrix.CSRF_HEADER, csrf)
                .exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @Test
    void anonymousVisitorsGetExactlyTheReadsOfTheRuleTable() {
        RoleMatrix matrix = new RoleMatrix(web, tokens);

        assertThat(matrix.disagreements(RoleMatrix.routes(context), Set.of(Caller.ANONYMOUS), true)).isEmpty();
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
