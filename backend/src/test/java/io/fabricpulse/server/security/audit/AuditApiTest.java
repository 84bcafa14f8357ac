package io.fabricpulse.server.security.audit;

import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /api/v1/audit}: admins only, filtered, paged newest first, bad parameters named. */
class AuditApiTest extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private AuditTrail audit;

    @Test
    void entriesArePagedNewestFirstAndFiltered() {
        String target = "alert:" + UUID.randomUUID();
        for (int i = 1; i <= 3; i++) {
            audit.record("noc" + i, "alert.ack", target, "INC-" + i).block();
        }
        audit.record("noc1", "alert.resolve", target, null).block();

        JsonNode first = page("/api/v1/audit?target=" + target + "&action=alert.ack&limit=2");
        assertThat(first.path("entries").valueStream().map(e -> e.path("actor").asString())).containsExactly("noc3", "noc2");
        long next = first.path("nextBefore").asLong();
        JsonNode second = page("/api/v1/audit?target=" + target + "&action=alert.ack&limit=2&before=" + next);
        assertThat(second.path("entries").valueStream().map(e -> e.path("detail").asString())).containsExactly("INC-1");
        assertThat(second.path("nextBefore").isNull()).isTrue();
        assertThat(page("/api/v1/audit?target=" + target + "&action=alert.").path("entries").size()).isEqualTo(4);
    }

    @Test
    void badParametersAreNamedAndOnlyAdminsMayRead() {
        read("/api/v1/audit?limit=0&since=yesterday&colour=red").expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.errors.length()").isEqualTo(3)
                .jsonPath("$.errors[?(@.path == 'since')].reason")
                .isEqualTo("must be an ISO-8601 instant such as 2026-03-01T12:00:00Z, got 'yesterday'");
        web.get().uri("/api/v1/audit").headers(h -> h.setBasicAuth(OPERATOR, OPERATOR_PASSWORD)).exchange()
                .expectStatus().isForbidden();
    }

    @Test
    void aLongDetailIsCutNotRefused() {
        String target = "alert:" + UUID.randomUUID();
        audit.record("noc", "alert.comment", target, "x".repeat(5000)).block();

        assertThat(page("/api/v1/audit?target=" + target).path("entries").get(0).path("detail").asString())
                .hasSize(4000).endsWith("…");
    }

    private JsonNode page(String uri) {
        return JSON.readTree(read(uri).expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
    }
}
