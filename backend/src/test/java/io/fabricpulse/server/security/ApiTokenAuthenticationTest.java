package io.fabricpulse.server.security;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiTokenRepository;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.security.token.IssuedApiToken;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import reactor.test.StepVerifier;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The bearer check of the people's chain: which headers it takes, what a token becomes, and a store that is down. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiTokenAuthenticationTest {

    private final StateDatabase state = StateDatabase.h2();
    private final ApiTokenStore tokens = store(state);

    private static ApiTokenStore store(StateDatabase database) {
        return new ApiTokenStore(new ApiTokenRepository(database.client()), new AuditLogRepository(database.client()),
                database.transaction(), new SecureRandom(), new MutableClock(Instant.parse("2026-03-01T12:00:00Z")),
                Duration.ofSeconds(30), Duration.ofMinutes(1));
    }

    @AfterAll
    void close() {
        state.close();
    }

    private static MockServerWebExchange request(String authorization) {
        MockServerHttpRequest.BaseBuilder<?> request = MockServerHttpRequest.post("/api/v1/alerts/7/ack");
        if (authorization != null) {
            request.header(HttpHeaders.AUTHORIZATION, authorization);
        }
        return MockServerWebExchange.from(request);
    }

    @Test
    void onlyBearerHeadersAreTakenAndABlankOneIsRefused() {
        StepVerifier.create(ApiTokenAuthentication.convert(request(null))).verifyComplete();
        StepVerifier.create(ApiTokenAuthentication.convert(request("Basic YWRtaW46eA=="))).verifyComplete();
        StepVerifier.create(ApiTokenAuthentication.convert(request("Bearer   ")))
                .expectError(BadCredentialsException.class).verify();
    }

    @Test
    void aValidTokenBecomesItsPermissionsUnderItsAuditName() {
        IssuedApiToken issued = tokens.create("jira", Set.of(ApiScope.ACK), "admin").block();

        Authentication authenticated = ApiTokenAuthentication.convert(request("bEaReR " + issued.secret()))
                .flatMap(new ApiTokenAuthentication(tokens)::authenticate).block();

        assertThat(authenticated.isAuthenticated()).isTrue();
        assertThat(authenticated.getName()).isEqualTo("token:jira#" + issued.token().id());
        assertThat(authenticated.getCredentials()).as("the secret is not kept").isNull();
        assertThat(authenticated.getAuthorities()).extracting(GrantedAuthority::getAuthority)
                .containsExactly("PERM_READ", "PERM_ACK");
        assertThat(CurrentActor.name(authenticated)).isEqualTo("token:jira#" + issued.token().id());
    }

    @Test
    void anUnknownTokenIsAWrongTokenAndAStoreThatIsDownIsNot() {
        StepVerifier.create(ApiTokenAuthentication.convert(request("Bearer fp_unknown"))
                        .flatMap(new ApiTokenAuthentication(tokens)::authenticate))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(BadCredentialsException.class)
                        .hasMessage(ApiTokenAuthentication.INVALID_TOKEN))
                .verify();

        StateDatabase gone = StateDatabase.h2();
        ApiTokenStore unreachable = store(gone);
        gone.close();
        StepVerifier.create(ApiTokenAuthentication.convert(request("Bearer fp_anything"))
                        .flatMap(new ApiTokenAuthentication(unreachable)::authenticate))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(AuthenticationServiceException.class)
                        .hasMessage(ApiTokenAuthentication.STORE_UNAVAILABLE))
                .verify();
    }
}
