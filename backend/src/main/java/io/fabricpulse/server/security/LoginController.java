package io.fabricpulse.server.security;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;


/**
 * The sign-in page. Spring Security processes the form's POST itself (and its CSRF token); this
 * only shows the form, with a line saying why the user is back here.
 */
@Controller
class LoginController {

    static final String VIEW = "login/login";

    @GetMapping(AccessRules.LOGIN)
    String login(ServerHttpRequest request, Model model) {
        // Spring Security redirects to /login?error and /login?logout: flags without a value.
        model.addAttribute("failed", request.getQueryParams().containsKey("error"));
        model.addAttribute("signedOut", request.getQueryParams().containsKey("logout"));
        model.addAttribute("locked", request.getQueryParams().containsKey("locked"));
        return VIEW;
    }
}
