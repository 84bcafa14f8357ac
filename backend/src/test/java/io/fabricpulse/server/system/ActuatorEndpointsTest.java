package io.fabricpulse.server.system;

import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What operators and orchestrators call: the probes (public, no details) and the server's own metrics
 * in Prometheus' format (signed-in users only: they tell the fabric's size and the traffic).
 */
class ActuatorEndpointsTest extends ServerTest {

    @Test
    void livenessAndReadinessAreUpAndPublic() {
        for (String probe : new String[]{"/actuator/health/liveness", "/actuator/health/readiness"}) {
            web.get().uri(probe).exchange()
                    .expectStatus().isOk()
                    .expectBody()
                    .jsonPath("$.status").isEqualTo("UP")
                    .jsonPath("$.components").doesNotExist();
        }
    }

    @Test
    void prometheusMetricsNeedASignedInUser() {
        web.get().uri("/actuator/prometheus").exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectHeader().valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"FabricPulse\"");
        web.get().uri("/actuator/prometheus").headers(h -> h.setBearerAuth(AGENT_TOKEN)).exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void prometheusServesTheServersOwnMetricsInTheTextFormat() {
        // One request first, so the HTTP server metric has a sample.
        read("/api/v1/nodes").expectStatus().isOk();
        String body = read("/actuator/prometheus")
                .expectStatus().isOk()
                .expectHeader().value(HttpHeaders.CONTENT_TYPE, type -> assertThat(type).startsWith("text/plain"))
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(body)
                .contains("# TYPE jvm_memory_used_bytes gauge")
                .contains("process_cpu_usage")
                .containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/api/v1/nodes\"")
                // Ingest's backlog and its "busy" answers, by why.
                .containsPattern("(?m)^fabricpulse_ingest_queue_batches(\\{[^}]*})? ")
                .containsPattern("(?m)^fabricpulse_ingest_refused_total\\{[^}]*reason=\"behind\"")
                .containsPattern("(?m)^fabricpulse_ingest_refused_total\\{[^}]*reason=\"queue-full\"");
    }

    @Test
    void otherActuatorEndpointsStayClosed() {
        read("/actuator/env").expectStatus().isNotFound();
        read("/actuator/heapdump").expectStatus().isNotFound();
    }
}
