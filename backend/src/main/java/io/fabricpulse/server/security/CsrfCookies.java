package io.fabricpulse.server.security;

import org.springframework.security.web.server.csrf.CookieServerCsrfTokenRepository;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.security.web.server.csrf.ServerCsrfTokenRepository;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The CSRF token in the {@code XSRF-TOKEN} cookie that page scripts read (so not HttpOnly), SameSite=Lax,
 * and Secure when the request came over HTTPS, also when TLS ended at the ingress in front: Spring's
 * repository looks only at the connection's own TLS, which a proxy's plain-HTTP hop does not have.
 */
final class CsrfCookies implements ServerCsrfTokenRepository {

    private final CookieServerCsrfTokenRepository plain = repository(false);
    private final CookieServerCsrfTokenRepository secure = repository(true);

    private static CookieServerCsrfTokenRepository repository(boolean secure) {
        CookieServerCsrfTokenRepository cookies = CookieServerCsrfTokenRepository.withHttpOnlyFalse();
        cookies.setCookieCustomizer(cookie -> cookie.sameSite("Lax").secure(secure));
        return cookies;
    }

    @Override
    public Mono<CsrfToken> generateToken(ServerWebExchange exchange) {
        return of(exchange).generateToken(exchange);
    }

    @Override
    public Mono<Void> saveToken(ServerWebExchange exchange, CsrfToken token) {
        return of(exchange).saveToken(exchange, token);
    }

    @Override
    public Mono<CsrfToken> loadToken(ServerWebExchange exchange) {
        return of(exchange).loadToken(exchange);
    }

    private CookieServerCsrfTokenRepository of(ServerWebExchange exchange) {
        return "https".equalsIgnoreCase(exchange.getRequest().getURI().getScheme()) ? secure : plain;
    }
}
