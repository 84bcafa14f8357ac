package io.fabricpulse.server.security;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The sign-in page. Spring Security processes the form's POST itself (and its CSRF token); this
 * only shows the form, with a line saying why the user is back here.
 */
@Controller
class LoginController {

    static final String VIEW = "login/login";

    @GetMapping(AccessRules.LOGIN)
    String login(@RequestParam(name = "error", required = false) String error,
                 @RequestParam(name = "logout", required = false) String logout, Model model) {
        model.addAttribute("failed", error != null);
        model.addAttribute("signedOut", logout != null);
        return VIEW;
    }
}
