package io.fabricpulse.server.security;

import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.security.web.server.csrf.ServerCsrfTokenRequestAttributeHandler;
import org.springframework.security.web.server.csrf.ServerCsrfTokenRequestHandler;
import org.springframework.security.web.server.csrf.XorServerCsrfTokenRequestAttributeHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * CSRF tokens for server-rendered forms and for page scripts. The token lives in the
 * {@code XSRF-TOKEN} cookie (readable by our scripts, no session needed). Forms carry it masked
 * anew on every render (the XOR scheme: compressed pages would otherwise let BREACH guess it byte by
 * byte); a script sends the cookie's raw value back in the {@code X-XSRF-TOKEN} header, which a
 * foreign site can neither read nor set.
 */
final class PageCsrfTokenHandler implements ServerCsrfTokenRequestHandler {

    private final XorServerCsrfTokenRequestAttributeHandler masked = new XorServerCsrfTokenRequestAttributeHandler();
    private final ServerCsrfTokenRequestAttributeHandler raw = new ServerCsrfTokenRequestAttributeHandler();

    @Override
    public void handle(ServerWebExchange exchange, Mono<CsrfToken> csrfToken) {
        masked.handle(exchange, csrfToken);
    }

    @Override
    public Mono<String> resolveCsrfTokenValue(ServerWebExchange exchange, CsrfToken csrfToken) {
        boolean fromScript = exchange.getRequest().getHeaders().containsHeader(csrfToken.getHeaderName());
        return fromScript ? raw.resolveCsrfTokenValue(exchange, csrfToken)
                : masked.resolveCsrfTokenValue(exchange, csrfToken);
    }
}
