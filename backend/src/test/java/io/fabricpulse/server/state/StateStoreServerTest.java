package io.fabricpulse.server.state;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.fabric.counterclear.CounterClearRow;
import io.fabricpulse.server.security.token.AgentTokenStore;
import io.fabricpulse.server.security.token.IssuedAgentToken;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The state store inside the running server: health, issued agent tokens on ingest, counter-clear history. */
class StateStoreServerTest extends ServerTest {

    @Autowired
    private AgentTokenStore tokens;

    @Autowired
    private CounterClearRepository clears;

    private WebTestClient.ResponseSpec ingestWith(String token, String json) {
        return web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(token))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(json).exchange();
    }

    @Test
    void healthIsPublicAndUpAndSignedInUsersSeeTheDatabaseInIt() {
        web.get().uri("/actuator/health").exchange()
                .expectStatus().isOk().expectBody()
                .jsonPath("$.status").isEqualTo("UP")
                .jsonPath("$.components").doesNotExist();
        read("/actuator/health").expectStatus().isOk().expectBody()
                .jsonPath("$.status").isEqualTo("UP")
                .jsonPath("$.components.r2dbc.status").isEqualTo("UP")
                .jsonPath("$.components.r2dbc.details.database").isEqualTo("H2");
    }

    @Test
    void anIssuedAgentTokenIngestsUntilItIsRevoked() {
        IssuedAgentToken issued = tokens.issue("node-" + TestBatches.randomAgentId(), Set.of(AgentTokenStore.INGEST),
                "test").block();
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();
        Instant at = Instant.now().minusSeconds(60);

        ingestWith(issued.secret(), TestBatches.json(TestBatches.oneHostPort(agent, 1, at, guid,
                Map.of("SymbolErrorCounter", 1L)))).expectStatus().isAccepted();
        tokens.revoke(issued.token().id(), "test").block();

        ingestWith(issued.secret(), TestBatches.json(TestBatches.oneHostPort(agent, 2, at.plusSeconds(10), guid,
                Map.of("SymbolErrorCounter", 2L))))
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo("the bearer token is not a valid agent token");
        // The configured token still works.
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 3, at.plusSeconds(20), guid,
                Map.of("SymbolErrorCounter", 3L)))).expectStatus().isAccepted();
    }

    @Test
    void aCounterClearSeenOnIngestIsKeptInTheHistory() {
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();
        Instant at = Instant.now().minusSeconds(60);
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 1, at, guid,
                Map.of("SymbolErrorCounter", 500L, "PortRcvErrors", 7L)))).expectStatus().isAccepted();

        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 2, at.plusSeconds(10), guid,
                Map.of("SymbolErrorCounter", 0L, "PortRcvErrors", 0L)))).expectStatus().isAccepted();

        List<CounterClearRow> history = await().atMost(Duration.ofSeconds(20))
                .until(() -> clears.forPort(guid, 1, 10).collectList().block(), rows -> !rows.isEmpty());
        assertThat(history).singleElement().satisfies(row -> {
            assertThat(row.counters()).containsExactly(PortCounter.SymbolErrorCounter, PortCounter.PortRcvErrors);
            assertThat(row.clearedAt()).isEqualTo(StateSql.stored(at.plusSeconds(10)));
            assertThat(row.actor()).isEqualTo("agent:" + agent);
        });
    }
}
