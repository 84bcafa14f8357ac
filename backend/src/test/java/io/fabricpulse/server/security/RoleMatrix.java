package io.fabricpulse.server.security;

import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.testing.ServerTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.test.web.reactive.server.ExchangeResult;
import org.springframework.test.web.reactive.server.FluxExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every exposed route × every {@link Caller}, checked against {@link AccessRules}: a refusal (401,
 * 403, or a page's redirect to the login form) exactly where the table says so. Callers that could
 * send a CSRF token do (a browser page would), so what is checked is authorization, not CSRF.
 */
final class RoleMatrix {

    static final String CSRF_COOKIE = "XSRF-TOKEN";
    static final String CSRF_HEADER = "X-XSRF-TOKEN";

    private final WebTestClient web;
    private final Map<Caller, String> bearer = new EnumMap<>(Caller.class);
    private final String csrf;

    RoleMatrix(WebTestClient web, ApiTokenStore tokens) {
        this.web = web;
        bearer.put(Caller.READ_TOKEN, tokens.create("matrix-read", Set.of(ApiScope.READ), "matrix").block().secret());
        bearer.put(Caller.ACK_TOKEN, tokens.create("matrix-ack", Set.of(ApiScope.ACK), "matrix").block().secret());
        bearer.put(Caller.ADMIN_TOKEN, tokens.create("matrix-admin", Set.of(ApiScope.ADMIN), "matrix").block().secret());
        bearer.put(Caller.AGENT_TOKEN, ServerTest.AGENT_TOKEN);
        this.csrf = csrfToken(web);
    }

    /** A CSRF token as a page gets it: the cookie the login form sets. */
    static String csrfToken(WebTestClient web) {
        ResponseCookie cookie = web.get().uri(AccessRules.LOGIN).exchange().expectStatus().isOk()
                .returnResult(String.class).getResponseCookies().getFirst(CSRF_COOKIE);
        assertThat(cookie).as("the login page sets the " + CSRF_COOKIE + " cookie").isNotNull();
        return cookie.getValue();
    }

    static Set<ExposedRoutes.Route> routes(ApplicationContext context) {
        return ExposedRoutes.of(context);
    }

    /** Routes the table has no rule for. */
    static List<ExposedRoutes.Route> unclassified(Set<ExposedRoutes.Route> routes) {
        return routes.stream().filter(route -> AccessRules.classify(route.method(), route.path()).isEmpty()).toList();
    }

    /** Every disagreement with the table, as readable lines; empty when all agree. */
    List<String> disagreements(Set<ExposedRoutes.Route> routes, Set<Caller> callers, boolean anonymousRead) {
        List<String> wrong = new ArrayList<>();
        for (ExposedRoutes.Route route : routes) {
            AccessRule rule = AccessRules.classify(route.method(), route.path()).orElse(null);
            if (rule == null) {
                continue;
            }
            for (Caller caller : callers) {
                boolean expected = caller.allowed(rule.access(), anonymousRead);
                ExchangeResult result;
                try {
                    result = call(route, caller);
                } catch (IllegalStateException noAnswer) {
                    wrong.add(route + " as " + caller + ": no answer (" + noAnswer.getMessage() + ")");
                    continue;
                }
                if (refused(result) == expected) {
                    wrong.add(route + " as " + caller + ": " + result.getStatus() + " but " + rule + " says "
                            + (expected ? "allowed" : "refused"));
                }
            }
        }
        return wrong;
    }

    /** The status and headers; the body is dropped unread (a page, a large list, or an endless event stream). */
    ExchangeResult call(ExposedRoutes.Route route, Caller caller) {
        FluxExchangeResult<DataBuffer> result = web.method(route.method()).uri(route.path())
                // JSON, so a live event stream answers at once instead of streaming.
                .accept(MediaType.APPLICATION_JSON)
                // A new connection each time: the body below is cancelled unread, and a pooled connection
                // whose last response was cut off can leave the next request on it waiting for ever.
                .header(org.springframework.http.HttpHeaders.CONNECTION, "close")
                .headers(headers -> credentials(headers, caller, route))
                .cookies(cookies -> {
                    if (needsCsrf(caller, route)) {
                        cookies.add(CSRF_COOKIE, csrf);
                    }
                })
                .exchange()
                .returnResult(DataBuffer.class);
        result.getResponseBody().subscribe(DataBufferUtils::release).dispose();
        return result;
    }

    private void credentials(HttpHeaders headers, Caller caller, ExposedRoutes.Route route) {
        switch (caller) {
            case VIEWER -> headers.setBasicAuth(ServerTest.VIEWER, ServerTest.VIEWER_PASSWORD);
            case OPERATOR -> headers.setBasicAuth(ServerTest.OPERATOR, ServerTest.OPERATOR_PASSWORD);
            case ADMIN -> headers.setBasicAuth(ServerTest.ADMIN, ServerTest.ADMIN_PASSWORD);
            case ANONYMOUS -> {
            }
            default -> headers.setBearerAuth(bearer.get(caller));
        }
        if (needsCsrf(caller, route)) {
            headers.set(CSRF_HEADER, csrf);
        }
    }

    private static boolean needsCsrf(Caller caller, ExposedRoutes.Route route) {
        return (caller.kind == Caller.Kind.NONE || caller.kind == Caller.Kind.USER) && !AccessRules.READS.contains(route.method());
    }

    static boolean refused(ExchangeResult result) {
        HttpStatus status = HttpStatus.resolve(result.getStatus().value());
        return status == HttpStatus.UNAUTHORIZED || status == HttpStatus.FORBIDDEN
                || (status == HttpStatus.FOUND
                && AccessRules.LOGIN.equals(result.getResponseHeaders().getFirst(HttpHeaders.LOCATION)));
    }
}
