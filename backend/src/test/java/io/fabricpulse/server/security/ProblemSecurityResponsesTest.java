package io.fabricpulse.server.security;

import io.fabricpulse.server.problem.ProblemWriter;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.BadCredentialsException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemSecurityResponsesTest {

    private final ProblemWriter problems = new ProblemWriter(JsonMapper.builder().build());

    private MockServerWebExchange answered(org.springframework.security.core.AuthenticationException denied) {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.post("/api/v1/ingest"));
        ProblemSecurityResponses.agentEntryPoint(problems).commence(exchange, denied).block();
        return exchange;
    }

    @Test
    void aTokenThatCannotBeCheckedIs503WithRetryAfterSoTheAgentKeepsItsBatch() {
        MockServerWebExchange exchange = answered(
                new AuthenticationServiceException(AgentTokenAuthentication.STORE_UNAVAILABLE));

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("10");
        assertThat(exchange.getResponse().getBodyAsString().block())
                .contains("https://fabricpulse.io/problems/unavailable")
                .contains(AgentTokenAuthentication.STORE_UNAVAILABLE);
    }

    @Test
    void aWrongTokenStaysA401WithABearerChallenge() {
        MockServerWebExchange exchange = answered(new BadCredentialsException(AgentTokenAuthentication.INVALID_TOKEN));

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);
        assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE))
                .contains("error=\"invalid_token\"");
    }
}
