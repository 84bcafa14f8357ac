package io.fabricpulse.server.security;

import io.fabricpulse.server.security.token.AgentTokenSecrets;
import io.fabricpulse.server.security.token.AgentTokenStore;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;

/**
 * Agents authenticate with {@code Authorization: Bearer <agent token>}. A token is valid when it is
 * the configured one ({@code FABRICPULSE_AGENT_TOKEN}), compared in constant time (both hashed first,
 * so neither the content nor the length leaks through timing), or when it is an issued agent token
 * in the state store with the {@code ingest} scope that has not been revoked ({@link AgentTokenStore}
 * finds it by its SHA-256; timing there can only tell about hashes, not about tokens). When the
 * state store cannot answer, the request fails with {@link AuthenticationServiceException} (503 with
 * Retry-After), not as a wrong token: the agent keeps its batch and tries again.
 */
final class AgentTokenAuthentication implements ReactiveAuthenticationManager, ServerAuthenticationConverter {

    static final String AGENT_ROLE = "AGENT";
    static final String INVALID_TOKEN = "the bearer token is not a valid agent token";
    static final String STORE_UNAVAILABLE = "agent tokens cannot be checked now: the state store does not answer";
    private static final String BEARER = "bearer ";
    private static final List<GrantedAuthority> AGENT = AuthorityUtils.createAuthorityList("ROLE_" + AGENT_ROLE);

    private final byte[] expectedDigest;
    private final AgentTokenStore stored;

    /**
     * @param agentToken the configured token; null or blank: only issued tokens authenticate
     * @param stored     the issued agent tokens
     */
    AgentTokenAuthentication(String agentToken, AgentTokenStore stored) {
        this.expectedDigest = agentToken == null || agentToken.isBlank() ? null : AgentTokenSecrets.digest(agentToken);
        this.stored = stored;
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
        if (!(authentication.getCredentials() instanceof String token)) {
            return Mono.error(new BadCredentialsException(INVALID_TOKEN));
        }
        if (expectedDigest != null && MessageDigest.isEqual(expectedDigest, AgentTokenSecrets.digest(token))) {
            return Mono.just(UsernamePasswordAuthenticationToken.authenticated("agent", null, AGENT));
        }
        return stored.authenticate(token)
                .onErrorMap(fault -> new AuthenticationServiceException(STORE_UNAVAILABLE, fault))
                .filter(issued -> issued.allows(AgentTokenStore.INGEST))
                .<Authentication>map(issued -> UsernamePasswordAuthenticationToken.authenticated(
                        "agent-token:" + issued.id() + ":" + issued.name(), null, AGENT))
                .switchIfEmpty(Mono.error(() -> new BadCredentialsException(INVALID_TOKEN)));
    }
}
