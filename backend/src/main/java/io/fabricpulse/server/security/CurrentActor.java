package io.fabricpulse.server.security;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import reactor.core.publisher.Mono;

/**
 * Who is making the current request, as the audit log names them: a user's name, an API token as
 * {@code token:<name>#<id>}, or {@link #ANONYMOUS}. Call it inside the request's reactive chain (a
 * handler method's returned Mono/Flux): that is where Spring Security puts the security context.
 */
public final class CurrentActor {

    public static final String ANONYMOUS = "anonymous";

    private CurrentActor() {
    }

    public static Mono<String> name() {
        return ReactiveSecurityContextHolder.getContext()
                .mapNotNull(SecurityContext::getAuthentication)
                .map(CurrentActor::name)
                .defaultIfEmpty(ANONYMOUS);
    }

    static String name(Authentication authentication) {
        return authentication instanceof AnonymousAuthenticationToken || !authentication.isAuthenticated()
                ? ANONYMOUS : authentication.getName();
    }
}
