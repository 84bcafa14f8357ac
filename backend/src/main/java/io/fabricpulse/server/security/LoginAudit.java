package io.fabricpulse.server.security;

import io.fabricpulse.server.security.audit.AuditTrail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.web.server.WebFilterExchange;
import org.springframework.security.web.server.authentication.RedirectServerAuthenticationFailureHandler;
import org.springframework.security.web.server.authentication.RedirectServerAuthenticationSuccessHandler;
import org.springframework.security.web.server.authentication.ServerAuthenticationFailureHandler;
import org.springframework.security.web.server.authentication.ServerAuthenticationSuccessHandler;
import org.springframework.security.web.server.authentication.logout.RedirectServerLogoutSuccessHandler;
import org.springframework.security.web.server.authentication.logout.ServerLogoutSuccessHandler;
import reactor.core.publisher.Mono;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import java.net.URI;

/**
 * Records sign-ins through the login form (success and failure), failed HTTP Basic sign-ins and
 * sign-outs in the audit log, then does what Spring Security does without us: back to the page asked
 * for, or to the form ({@code ?locked} while the throttle holds the name or address). A failure is
 * recorded under the name that was tried, so a guessing attack shows up; attempts refused while locked
 * out are not (the lockout itself is, once). A successful Basic sign-in is not recorded: every API call
 * would be one.
 */
final class LoginAudit {

    private static final Logger log = LoggerFactory.getLogger(LoginAudit.class);
    private static final String LOGIN_TARGET = "session";

    private LoginAudit() {
    }

    static ServerAuthenticationSuccessHandler success(AuditTrail audit) {
        RedirectServerAuthenticationSuccessHandler redirect = new RedirectServerAuthenticationSuccessHandler();
        return (exchange, authentication) -> quietly(audit.record(authentication.getName(), "login.success",
                LOGIN_TARGET, from(exchange)))
                .then(redirect.onAuthenticationSuccess(exchange, authentication));
    }

    static ServerAuthenticationFailureHandler failure(AuditTrail audit) {
        RedirectServerAuthenticationFailureHandler redirect = new RedirectServerAuthenticationFailureHandler(
                AccessRules.LOGIN + "?error");
        RedirectServerAuthenticationFailureHandler locked = new RedirectServerAuthenticationFailureHandler(
                AccessRules.LOGIN + "?locked");
        return (exchange, denied) -> denied instanceof ThrottledPasswordAuthentication.LockedOutException
                ? locked.onAuthenticationFailure(exchange, denied)
                : exchange.getExchange().getFormData()
                .map(form -> {
                    String tried = form.getFirst("username");
                    // Whatever was typed, made printable: the audit log refuses control characters.
                    return tried == null || tried.isBlank() ? "(no name)" : tried.strip().replaceAll("\\p{Cntrl}", "?");
                })
                .flatMap(tried -> quietly(audit.record(tried, "login.failure", LOGIN_TARGET,
                        from(exchange) + ": " + denied.getMessage())))
                .then(redirect.onAuthenticationFailure(exchange, denied));
    }

    /**
     * A failed HTTP Basic sign-in, recorded as a form's is (under the name tried), before {@code entryPoint}
     * answers; a request without credentials is no sign-in and is not recorded.
     */
    static ServerAuthenticationEntryPoint basicFailure(AuditTrail audit, ServerAuthenticationEntryPoint entryPoint) {
        return (exchange, denied) -> {
            String tried = basicUser(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
            Mono<Void> recorded = tried == null || !(denied instanceof BadCredentialsException) ? Mono.empty()
                    : quietly(audit.record(tried, "login.failure", LOGIN_TARGET,
                    "from " + ClientAddress.of(exchange) + " (HTTP Basic): " + denied.getMessage()));
            return recorded.then(entryPoint.commence(exchange, denied));
        };
    }

    /** The user name of a Basic Authorization header, made printable; null when there is none. */
    private static String basicUser(String header) {
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(6).strip()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return ThrottledPasswordAuthentication.name(colon < 0 ? decoded : decoded.substring(0, colon));
        } catch (IllegalArgumentException notBase64) {
            return "(undecodable)";
        }
    }

    static ServerLogoutSuccessHandler logout(AuditTrail audit) {
        RedirectServerLogoutSuccessHandler redirect = new RedirectServerLogoutSuccessHandler();
        redirect.setLogoutSuccessUrl(URI.create(AccessRules.LOGIN + "?logout"));
        return (exchange, authentication) -> (authentication == null ? Mono.<Void>empty()
                : quietly(audit.record(authentication.getName(), "logout", LOGIN_TARGET, from(exchange))))
                .then(redirect.onLogoutSuccess(exchange, authentication));
    }

    /** Where the request came from; the remote address is what a reader of the log will want. */
    private static String from(WebFilterExchange exchange) {
        return "from " + ClientAddress.of(exchange.getExchange());
    }

    /** Signing in must not fail because the audit log cannot be written: that is logged instead. */
    private static Mono<Void> quietly(Mono<?> record) {
        return record.onErrorResume(fault -> {
            log.warn("could not write a sign-in to the audit log: {}", fault.toString());
            return Mono.empty();
        }).then();
    }
}
