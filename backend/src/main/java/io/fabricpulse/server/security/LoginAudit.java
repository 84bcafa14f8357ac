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

import java.net.URI;

/**
 * Records sign-ins through the login form (success and failure) and sign-outs in the audit log,
 * then does what Spring Security does without us: back to the page asked for, or to the form. A
 * failure is recorded under the name that was tried, so a guessing attack shows up. HTTP Basic is not
 * recorded per request: every API call would be a sign-in.
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
        return (exchange, denied) -> exchange.getExchange().getFormData()
                .map(form -> {
                    String tried = form.getFirst("username");
                    // Whatever was typed, made printable: the audit log refuses control characters.
                    return tried == null || tried.isBlank() ? "(no name)" : tried.strip().replaceAll("\\p{Cntrl}", "?");
                })
                .flatMap(tried -> quietly(audit.record(tried, "login.failure", LOGIN_TARGET,
                        from(exchange) + ": " + denied.getMessage())))
                .then(redirect.onAuthenticationFailure(exchange, denied));
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
        var remote = exchange.getExchange().getRequest().getRemoteAddress();
        return "from " + (remote == null ? "unknown address" : remote.getAddress() == null
                ? remote.getHostString() : remote.getAddress().getHostAddress());
    }

    /** Signing in must not fail because the audit log cannot be written: that is logged instead. */
    private static Mono<Void> quietly(Mono<?> record) {
        return record.onErrorResume(fault -> {
            log.warn("could not write a sign-in to the audit log: {}", fault.toString());
            return Mono.empty();
        }).then();
    }
}
