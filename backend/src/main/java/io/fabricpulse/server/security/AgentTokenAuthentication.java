package io.fabricpulse.server.security;

import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.security.token.AgentToken;
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
import java.util.Set;

/**
 * Agents authenticate with {@code Authorization: Bearer <token>}. Valid are: the configured shared token
 * ({@code FABRICPULSE_AGENT_TOKEN}) and the configured bootstrap token, each compared in constant time
 * (both hashed first, so neither the content nor the length leaks through timing); and issued agent
 * tokens in the state store that have not been revoked ({@link AgentTokenStore} finds them by their
 * SHA-256; timing there can only tell about hashes, not about tokens). When the state store cannot
 * answer, the request fails with {@link AuthenticationServiceException} (503 with Retry-After), not as a
 * wrong token: the agent keeps its batch and tries again.
 *
 * <p>What the token is lands in the authentication's details as an {@link AgentCredential}: the shared
 * token (and an issued {@code ingest} token bound to no agent, as issued before per-agent credentials)
 * may name any agent id; an agent's own token ({@code ingest} and {@code role:<role>}, its name the agent
 * id) only its own; a bootstrap token ({@code enrol}) only enrols. Ingest needs {@link #AGENT_ROLE}, enrolment
 * {@link #ENROL_ROLE}: the shared token has both, an agent's token the first, a bootstrap token the second.
 */
final class AgentTokenAuthentication implements ReactiveAuthenticationManager, ServerAuthenticationConverter {

    static final String AGENT_ROLE = "AGENT";
    static final String ENROL_ROLE = "AGENT_ENROL";
    static final String INVALID_TOKEN = "the bearer token is not a valid agent token";
    static final String STORE_UNAVAILABLE = "agent tokens cannot be checked now: the state store does not answer";
    private static final String BEARER = "bearer ";
    private static final List<GrantedAuthority> INGESTS = AuthorityUtils.createAuthorityList("ROLE_" + AGENT_ROLE);
    private static final List<GrantedAuthority> SHARED = AuthorityUtils.createAuthorityList("ROLE_" + AGENT_ROLE,
            "ROLE_" + ENROL_ROLE);
    private static final List<GrantedAuthority> ENROLS = AuthorityUtils.createAuthorityList("ROLE_" + ENROL_ROLE);

    private final byte[] sharedDigest;
    private final byte[] bootstrapDigest;
    private final Set<AgentRole> bootstrapRoles;
    private final AgentTokenStore stored;

    /**
     * @param agentToken the configured shared token; null or blank: none
     * @param stored     the issued agent tokens
     */
    AgentTokenAuthentication(String agentToken, AgentTokenStore stored) {
        this(agentToken, null, Set.of(), stored);
    }

    /**
     * @param bootstrapToken the configured bootstrap token; null or blank: none
     * @param bootstrapRoles the roles it may enrol agents in
     */
    AgentTokenAuthentication(String agentToken, String bootstrapToken, Set<AgentRole> bootstrapRoles,
                             AgentTokenStore stored) {
        this.sharedDigest = digestOrNull(agentToken);
        this.bootstrapDigest = digestOrNull(bootstrapToken);
        this.bootstrapRoles = Set.copyOf(bootstrapRoles);
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
        byte[] presented = AgentTokenSecrets.digest(token);
        // Both compared, always: which one matched must not show in the time taken.
        boolean shared = sharedDigest != null & MessageDigest.isEqual(sharedDigest, presented);
        boolean bootstrap = bootstrapDigest != null & MessageDigest.isEqual(bootstrapDigest, presented);
        if (shared) {
            return Mono.just(authenticated("agent", SHARED, AgentCredential.shared(0)));
        }
        if (bootstrap) {
            return Mono.just(authenticated("bootstrap", ENROLS, AgentCredential.bootstrap(0, bootstrapRoles)));
        }
        return stored.authenticate(token)
                .onErrorMap(fault -> new AuthenticationServiceException(STORE_UNAVAILABLE, fault))
                .flatMap(issued -> Mono.justOrEmpty(issuedCredential(issued)))
                .switchIfEmpty(Mono.error(() -> new BadCredentialsException(INVALID_TOKEN)));
    }

    private static Authentication issuedCredential(AgentToken issued) {
        String name = "agent-token:" + issued.id() + ":" + issued.name();
        if (issued.allows(AgentTokenStore.INGEST)) {
            AgentRole role = issued.agentRole();
            return role == null
                    ? authenticated(name, SHARED, AgentCredential.shared(issued.id()))
                    : authenticated(name, INGESTS, AgentCredential.agent(issued.id(), issued.name(), role));
        }
        if (issued.allows(AgentTokenStore.ENROL)) {
            return authenticated(name, ENROLS, AgentCredential.bootstrap(issued.id(), issued.enrolRoles()));
        }
        return null;
    }

    private static Authentication authenticated(String name, List<GrantedAuthority> authorities,
                                                AgentCredential credential) {
        UsernamePasswordAuthenticationToken authentication =
                UsernamePasswordAuthenticationToken.authenticated(name, null, authorities);
        authentication.setDetails(credential);
        return authentication;
    }

    private static byte[] digestOrNull(String token) {
        return token == null || token.isBlank() ? null : AgentTokenSecrets.digest(token);
    }
}
