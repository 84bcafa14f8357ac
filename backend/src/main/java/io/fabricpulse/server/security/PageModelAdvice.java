package io.fabricpulse.server.security;

import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.web.reactive.result.view.CsrfRequestDataValueProcessor;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Gives every rendered page its CSRF token, the name of who is signed in (for the header's
 * sign-out form) and whether they are an admin (the header links the settings pages for admins
 * only). In WebFlux the token is made lazily, when someone asks: asking here sets the
 * {@code XSRF-TOKEN} cookie for the page's scripts and lets Thymeleaf add the hidden {@code _csrf}
 * field to every {@code th:action} form.
 */
@ControllerAdvice(annotations = Controller.class)
class PageModelAdvice {

    /** Named {@code signedInAs}: the signed-in user's or token's name; absent for anonymous visitors. */
    static final String SIGNED_IN_AS = "signedInAs";

    /** Named {@code signedInAdmin}: true when the caller may change settings (the header links the settings pages). */
    static final String SIGNED_IN_ADMIN = "signedInAdmin";

    /** Named {@code wall}: "on" or "off" when the URL asks ({@code ?wall=1}, {@code ?wall=0}); absent: the browser's saved choice. */
    static final String WALL = "wall";

    /**
     * Every page-wide attribute is put in place by this one method that the model waits for: a Mono
     * attribute that completes empty would not leave the name absent reliably. Keep it the only
     * {@code @ModelAttribute} advice: WebFlux sets a model up by zipping all advices' attribute methods,
     * and this one completes empty, which ends that zip early and silently drops the others' attributes
     * (the layout's wall mode was lost that way). Thymeleaf 3.1 cannot read request parameters in the
     * layout itself, so wall mode is read here too.
     */
    @ModelAttribute
    Mono<Void> pageAttributes(ServerWebExchange exchange, Model model) {
        if (exchange.getRequest().getPath().value().startsWith("/api/")) {
            // JSON for programs: no page, so neither a name to show nor a token to put in a form.
            return Mono.empty();
        }
        String wall = exchange.getRequest().getQueryParams().getFirst("wall");
        if ("1".equals(wall)) {
            model.addAttribute(WALL, "on");
        } else if ("0".equals(wall)) {
            model.addAttribute(WALL, "off");
        }
        Mono<Void> signedInAs = CurrentActor.name()
                .filter(name -> !CurrentActor.ANONYMOUS.equals(name))
                .doOnNext(name -> model.addAttribute(SIGNED_IN_AS, name))
                .then();
        Mono<Void> admin = ReactiveSecurityContextHolder.getContext()
                .mapNotNull(SecurityContext::getAuthentication)
                .map(authentication -> authentication.getAuthorities().stream()
                        .anyMatch(granted -> Permission.ADMIN.authority().equals(granted.getAuthority())))
                .defaultIfEmpty(false)
                .doOnNext(isAdmin -> model.addAttribute(SIGNED_IN_ADMIN, isAdmin))
                .then();
        Mono<CsrfToken> token = exchange.getAttribute(CsrfToken.class.getName());
        Mono<Void> csrf = token == null ? Mono.empty() : token.doOnNext(found -> exchange.getAttributes()
                .put(CsrfRequestDataValueProcessor.DEFAULT_CSRF_ATTR_NAME, found)).then();
        return signedInAs.then(admin).then(csrf);
    }
}
