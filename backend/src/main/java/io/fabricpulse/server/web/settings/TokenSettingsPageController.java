package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.web.DisplayFormat;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.Comparator;

/**
 * {@code GET /settings/tokens}: API tokens with their scopes, creation and last use, valid ones first; the
 * create form (the secret is shown once, in the page, from the API's answer) and revoke buttons post to
 * {@code /api/v1/tokens}.
 */
@Controller
class TokenSettingsPageController {

    static final String VIEW = "settings/tokens";

    private final ApiTokenStore tokens;
    private final DisplayFormat format;

    TokenSettingsPageController(ApiTokenStore tokens, DisplayFormat format) {
        this.tokens = tokens;
        this.format = format;
    }

    @GetMapping("/settings/tokens")
    Mono<String> tokens(Model model) {
        return tokens.list()
                .map(token -> TokenLine.of(token, format))
                .sort(Comparator.comparing(TokenLine::revoked)
                        .thenComparing(Comparator.comparingLong(TokenLine::id).reversed()))
                .collectList()
                .map(list -> {
                    model.addAttribute("section", "tokens");
                    model.addAttribute("tokens", list);
                    model.addAttribute("scopes", Arrays.stream(ApiScope.values()).map(ApiScope::id).toList());
                    model.addAttribute("zone", format.zoneLabel());
                    return VIEW;
                });
    }
}
