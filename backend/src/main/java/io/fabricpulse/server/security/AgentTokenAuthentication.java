package io.fabricpulse.server.security;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * Agents authenticate with {@code Authorization: Bearer <agent token>}. The presented token is
 * compared with the configured one in constant time (both hashed first, so neither the content nor
 * the length leaks through timing). Without a configured token nothing authenticates.
 */
final class AgentTokenAuthentication implements ReactiveAuthenticationManager, ServerAuthenticationConverter {

    static final String AGENT_ROLE = "AGENT";
    static final String INVALID_TOKEN = "the bearer token is not a valid agent token";
    private static final String BEARER = "bearer ";

    private final byte[] expectedDigest;

    /** @param agentToken the configured token; null or blank refuses every agent */
    AgentTokenAuthentication(String agentToken) {
        this.expectedDigest = agentToken == null || agentToken.isBlank() ? null : sha256(agentToken);
    }

    /** Reads the bearer token; no Authorization header means no attempt (the entry point answers). */
    @Override
    public Mono<Authentication> convert(ServerWebExchange exchange) {
        String header = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            return Mono.empty();
        }
        // The scheme name is case-insensitive (RFC 9110, section 11.1).
        if (!header.toLowerCase(Locale.ROOT).startsWith(BEARER) || header.substring(BEARER.length()).isBlank()) {
            return Mono.error(new BadCredentialsException(
                    "the Authorization header must be 'Bearer <agent token>'"));
        }
        return Mono.just(UsernamePasswordAuthenticationToken.unauthenticated("agent",
                header.substring(BEARER.length()).strip()));
    }

    @Override
    public Mono<Authentication> authenticate(Authentication authentication) {
        Object presented = authentication.getCredentials();
        if (expectedDigest == null || !(presented instanceof String token)
                || !MessageDigest.isEqual(expectedDigest, sha256(token))) {
            return Mono.error(new BadCredentialsException(INVALID_TOKEN));
        }
        return Mono.just(UsernamePasswordAuthenticationToken.authenticated("agent", null,
                AuthorityUtils.createAuthorityList("ROLE_" + AGENT_ROLE)));
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
