package io.fabricpulse.server.security;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.security.token.AgentTokenRepository;
import io.fabricpulse.server.security.token.AgentTokenSecrets;
import io.fabricpulse.server.security.token.AgentTokenStore;
import io.fabricpulse.server.security.token.IssuedAgentToken;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import reactor.test.StepVerifier;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The configured agent token and issued ones, against a real state store (H2 in memory). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentTokenAuthenticationTest {

    private final StateDatabase state = StateDatabase.h2();
    private final AgentTokenStore issued = store(state);

    private static AgentTokenStore store(StateDatabase state) {
        return new AgentTokenStore(new AgentTokenRepository(state.client()), new AuditLogRepository(state.client()),
                state.transaction(), new AgentTokenSecrets(new SecureRandom()),
                new MutableClock(Instant.parse("2026-03-01T12:00:00Z")), Duration.ofSeconds(30), Duration.ofMinutes(1));
    }

    private static UsernamePasswordAuthenticationToken presented(String token) {
        return UsernamePasswordAuthenticationToken.unauthenticated("agent", token);
    }

    private static boolean isAgent(Authentication auth) {
        return auth.isAuthenticated() && auth.getAuthorities().stream().anyMatch(a -> a.getAuthority().equals("ROLE_AGENT"));
    }

    @AfterAll
    void close() {
        state.close();
    }

    @Test
    void theConfiguredTokenAuthenticatesAnAgent() {
        StepVerifier.create(new AgentTokenAuthentication("s3cret-token", issued).authenticate(presented("s3cret-token")))
                .expectNextMatches(AgentTokenAuthenticationTest::isAgent)
                .verifyComplete();
    }

    @Test
    void anyOtherTokenIsRefused() {
        StepVerifier.create(new AgentTokenAuthentication("s3cret-token", issued).authenticate(presented("s3cret-toke")))
                .expectErrorMatches(e -> e instanceof BadCredentialsException
                        && e.getMessage().equals(AgentTokenAuthentication.INVALID_TOKEN))
                .verify();
    }

    @Test
    void withoutAConfiguredTokenNothingAuthenticatesNotEvenAnEmptyOne() {
        StepVerifier.create(new AgentTokenAuthentication(" ", issued).authenticate(presented(" ")))
                .expectError(BadCredentialsException.class).verify();
        StepVerifier.create(new AgentTokenAuthentication(null, issued).authenticate(presented("")))
                .expectError(BadCredentialsException.class).verify();
    }

    @Test
    void anIssuedIngestTokenAuthenticatesBesideTheConfiguredOneUntilRevoked() {
        IssuedAgentToken token = issued.issue("node042", Set.of(AgentTokenStore.INGEST), "admin").block();
        AgentTokenAuthentication authentication = new AgentTokenAuthentication("s3cret-token", issued);

        StepVerifier.create(authentication.authenticate(presented(token.secret())))
                .expectNextMatches(auth -> isAgent(auth)
                        && auth.getName().equals("agent-token:" + token.token().id() + ":node042"))
                .verifyComplete();

        issued.revoke(token.token().id(), "admin").block();
        StepVerifier.create(authentication.authenticate(presented(token.secret())))
                .expectError(BadCredentialsException.class).verify();
    }

    @Test
    void anIssuedTokenWithoutTheIngestScopeIsRefused() {
        IssuedAgentToken token = issued.issue("reader", Set.of("read"), "admin").block();

        StepVerifier.create(new AgentTokenAuthentication(null, issued).authenticate(presented(token.secret())))
                .expectError(BadCredentialsException.class).verify();
    }

    @Test
    void aStateStoreThatCannotAnswerIsAServiceFaultNotAWrongToken() {
        StateDatabase gone = StateDatabase.h2();
        AgentTokenStore unreachable = store(gone);
        gone.close();

        StepVerifier.create(new AgentTokenAuthentication("s3cret-token", unreachable).authenticate(presented("fpa_x")))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(AuthenticationServiceException.class)
                        .hasMessage(AgentTokenAuthentication.STORE_UNAVAILABLE))
                .verify();
        // The configured token does not need the store.
        StepVerifier.create(new AgentTokenAuthentication("s3cret-token", unreachable).authenticate(presented("s3cret-token")))
                .expectNextMatches(AgentTokenAuthenticationTest::isAgent).verifyComplete();
    }
}
