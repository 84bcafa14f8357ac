package io.fabricpulse.server.security;

import org.springframework.security.web.reactive.result.view.CsrfRequestDataValueProcessor;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Gives every rendered page its CSRF token and the name of who is signed in (for the header's
 * sign-out form). In WebFlux the token is made lazily, when someone asks:
 * asking here sets the {@code XSRF-TOKEN} cookie for the page's scripts and lets Thymeleaf add the
 * hidden {@code _csrf} field to every {@code th:action} form.
 */
@ControllerAdvice(annotations = Controller.class)
class PageModelAdvice {

    /** The signed-in user's or token's name; absent for anonymous visitors. */
    @ModelAttribute("signedInAs")
    Mono<String> signedInAs() {
        return CurrentActor.name().filter(name -> !CurrentActor.ANONYMOUS.equals(name));
    }

    @ModelAttribute
    Mono<Void> csrfToken(ServerWebExchange exchange) {
        Mono<CsrfToken> token = exchange.getAttribute(CsrfToken.class.getName());
        if (token == null) {
            return Mono.empty();
        }
        return token.doOnNext(csrf -> exchange.getAttributes()
                .put(CsrfRequestDataValueProcessor.DEFAULT_CSRF_ATTR_NAME, csrf)).then();
    }
}
