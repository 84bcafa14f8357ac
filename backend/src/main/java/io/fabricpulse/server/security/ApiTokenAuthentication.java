package io.fabricpulse.server.security;

import io.fabricpulse.server.security.token.ApiToken;
import io.fabricpulse.server.security.token.ApiTokenStore;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Ticket systems and scripts authenticate with {@code Authorization: Bearer fp_...}, an API token
 * ({@link ApiTokenStore}); its scopes become {@link Permission}s. Requests without a bearer header
 * are left to HTTP Basic and the login session. Agent tokens are not API tokens: they fail here as
 * any unknown token does. A state store that cannot answer is {@link AuthenticationServiceException}
 * (503), not a wrong token.
 */
final class ApiTokenAuthentication implements ReactiveAuthenticationManager {

    static final String INVALID_TOKEN = "the bearer token is not a valid API token (revoked, or never issued)";
    static final String STORE_UNAVAILABLE = "API tokens cannot be checked now: the state store does not answer";
    private static final String BEARER = "bearer ";
    private static final int MAX_USE_TEXT = 500;

    private final ApiTokenStore tokens;

    ApiTokenAuthentication(ApiTokenStore tokens) {
        this.tokens = tokens;
    }

    /** A token before and after it is checked; its name is the token as the audit log names it. */
    static final class Bearer extends AbstractAuthenticationToken {

        private final String secret;
        private final String use;
        private final ApiToken token;

        private Bearer(String secret, String use, ApiToken token, Collection<? extends GrantedAuthority> authorities) {
            super(authorities);
            this.secret = secret;
            this.use = use;
            this.token = token;
            setAuthenticated(token != null);
        }

        ApiToken token() {
            return token;
        }

        @Override
        public Object getCredentials() {
            return secret;
        }

        @Override
        public Object getPrincipal() {
            return token;
        }

        @Override
        public String getName() {
            return token == null ? "unverified API token" : token.actor();
        }
    }

    /** Reads a bearer token; no bearer header means no attempt here. */
    static Mono<Authentication> convert(ServerWebExchange exchange) {
        String header = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        // The scheme name is case-insensitive (RFC 9110, section 11.1).
        if (header == null || !header.toLowerCase(Locale.ROOT).startsWith(BEARER)) {
            return Mono.empty();
        }
        String secret = header.substring(BEARER.length()).strip();
        if (secret.isEmpty()) {
            return Mono.error(new BadCredentialsException("the Authorization header must be 'Bearer <API token>'"));
        }
        String use = exchange.getRequest().getMethod().name() + " " + exchange.getRequest().getPath().value();
        return Mono.just(new Bearer(secret, use.length() > MAX_USE_TEXT ? use.substring(0, MAX_USE_TEXT) : use, null,
                List.of()));
    }

    @Override
    public Mono<Authentication> authenticate(Authentication authentication) {
        if (!(authentication instanceof Bearer bearer)) {
            return Mono.error(new BadCredentialsException(INVALID_TOKEN));
        }
        return tokens.authenticate(bearer.secret, bearer.use)
                .onErrorMap(fault -> new AuthenticationServiceException(STORE_UNAVAILABLE, fault))
                .<Authentication>map(token -> new Bearer(null, bearer.use, token,
                        token.permissions().stream().sorted().map(Permission::grantedAuthority).toList()))
                .switchIfEmpty(Mono.error(() -> new BadCredentialsException(INVALID_TOKEN)));
    }
}
