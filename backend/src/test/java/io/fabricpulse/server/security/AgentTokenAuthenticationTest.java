package io.fabricpulse.server.security;

import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import reactor.test.StepVerifier;

class AgentTokenAuthenticationTest {

    private static UsernamePasswordAuthenticationToken presented(String token) {
        return UsernamePasswordAuthenticationToken.unauthenticated("agent", token);
    }

    @Test
    void theConfiguredTokenAuthenticatesAnAgent() {
        StepVerifier.create(new AgentTokenAuthentication("s3cret-token").authenticate(presented("s3cret-token")))
                .expectNextMatches(auth -> auth.isAuthenticated()
                        && auth.getAuthorities().stream().anyMatch(a -> a.getAuthority().equals("ROLE_AGENT")))
                .verifyComplete();
    }

    @Test
    void anyOtherTokenIsRefused() {
        StepVerifier.create(new AgentTokenAuthentication("s3cret-token").authenticate(presented("s3cret-toke")))
                .expectError(BadCredentialsException.class).verify();
    }

    @Test
    void withoutAConfiguredTokenNothingAuthenticatesNotEvenAnEmptyOne() {
        StepVerifier.create(new AgentTokenAuthentication(" ").authenticate(presented(" ")))
                .expectError(BadCredentialsException.class).verify();
        StepVerifier.create(new AgentTokenAuthentication(null).authenticate(presented("")))
                .expectError(BadCredentialsException.class).verify();
    }
}
