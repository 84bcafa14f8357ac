package io.fabricpulse.server.state;

import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.security.token.AgentTokenStore;
import io.fabricpulse.server.security.token.IssuedAgentToken;
import io.fabricpulse.server.testing.RealPostgres;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;

/**
 * The whole server on a real PostgreSQL, configured the way an operator does it: only
 * {@code spring.r2dbc.url}, username and password; Flyway follows by itself.
 */
class PostgresServerIT extends ServerTest {

    @RegisterExtension
    static final RealPostgres postgres = new RealPostgres();

    @DynamicPropertySource
    static void statePostgres(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", () -> postgres.database().r2dbcUrl());
        registry.add("spring.r2dbc.username", () -> postgres.database().user());
        registry.add("spring.r2dbc.password", () -> postgres.database().password());
    }

    @Autowired
    private AgentTokenStore tokens;

    @Autowired
    private CounterClearRepository clears;

    @Test
    void theServerIsHealthyOnPostgres() {
        read("/actuator/health").expectStatus().isOk().expectBody()
                .jsonPath("$.status").isEqualTo("UP")
                .jsonPath("$.components.r2dbc.details.database").isEqualTo("PostgreSQL");
    }

    @Test
    void anIssuedTokenIngestsAndACounterClearIsRecordedInPostgres() {
        IssuedAgentToken issued = tokens.issue("node001", Set.of(AgentTokenStore.INGEST), "it").block();
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();
        Instant at = Instant.now().minusSeconds(60);
        for (long sequence = 1; sequence <= 2; sequence++) {
            web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(issued.secret()))
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(TestBatches.json(TestBatches.oneHostPort(agent, sequence, at.plusSeconds(sequence * 10),
                            guid, Map.of("SymbolErrorCounter", sequence == 1 ? 90L : 0L))))
                    .exchange().expectStatus().isAccepted();
        }

        await().atMost(Duration.ofSeconds(20)).until(() -> clears.forPort(guid, 1, 5).collectList().block(),
                rows -> rows.size() == 1 && rows.getFirst().actor().equals("agent:" + agent));
    }
}
