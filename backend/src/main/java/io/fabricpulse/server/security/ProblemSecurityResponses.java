package io.fabricpulse.server.security;

import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ProblemWriter;
import io.fabricpulse.server.problem.RetryLaterException;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;

/** 401 and 403 for the API as problem details, with the challenge each kind of client understands. */
final class ProblemSecurityResponses {

    private ProblemSecurityResponses() {
    }

    /** How long an agent should wait when its token could not be checked (the state store did not answer). */
    static final String RETRY_AFTER_SECONDS = "10";

    /**
     * For agents: a bearer challenge (RFC 6750) and what to send; or, when the token could not be
     * checked at all ({@link AuthenticationServiceException}), 503 with Retry-After, so the agent keeps
     * its batch instead of taking its token for wrong.
     */
    static ServerAuthenticationEntryPoint agentEntryPoint(ProblemWriter writer) {
        return bearerEntryPoint(writer, "fabricpulse-ingest",
                "no agent token; send Authorization: Bearer <agent token> (the server's fabricpulse.ingest.agent-token)");
    }

    /** For ticket systems whose API token was refused (or could not be checked: 503, as for agents). */
    static ServerAuthenticationEntryPoint apiTokenEntryPoint(ProblemWriter writer) {
        return bearerEntryPoint(writer, "FabricPulse", "send Authorization: Bearer fp_... (an API token)");
    }

    private static ServerAuthenticationEntryPoint bearerEntryPoint(ProblemWriter writer, String realm, String missing) {
        return (exchange, denied) -> {
            if (denied instanceof AuthenticationServiceException) {
                exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
                return writer.write(exchange, new ProblemException(ProblemType.UNAVAILABLE, denied.getMessage()));
            }
            boolean attempted = denied instanceof BadCredentialsException;
            exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE,
                    attempted ? "Bearer realm=\"" + realm + "\", error=\"invalid_token\"" : "Bearer realm=\"" + realm + "\"");
            return writer.write(exchange, new ProblemException(ProblemType.UNAUTHORIZED,
                    attempted ? denied.getMessage() : missing));
        };
    }

    /** For people and ticket systems calling the API: a Basic challenge, not a redirect to a login page. */
    static ServerAuthenticationEntryPoint userEntryPoint(ProblemWriter writer) {
        return (exchange, denied) -> {
            exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"FabricPulse\"");
            return writer.write(exchange, new ProblemException(ProblemType.UNAUTHORIZED, userDetail(denied)));
        };
    }

    /**
     * 429 with Retry-After for a sign-in refused because the name or address is locked out (the right
     * password too); {@code otherwise} for every other failure.
     */
    static ServerAuthenticationEntryPoint lockedOut(ProblemWriter writer, ServerAuthenticationEntryPoint otherwise) {
        return (exchange, denied) -> denied instanceof ThrottledPasswordAuthentication.LockedOutException locked
                ? writer.write(exchange, new RetryLaterException(locked.getMessage(), locked.retryAfter()))
                : otherwise.commence(exchange, denied);
    }

    static ServerAccessDeniedHandler accessDenied(ProblemWriter writer) {
        return (exchange, denied) -> writer.write(exchange,
                new ProblemException(ProblemType.FORBIDDEN, "access denied: " + denied.getMessage()));
    }

    private static String userDetail(AuthenticationException denied) {
        return denied instanceof BadCredentialsException
                ? "wrong user name or password"
                : "sign in first: send HTTP Basic credentials or an API token (Authorization: Bearer fp_...), "
                + "or log in at /login";
    }
}
