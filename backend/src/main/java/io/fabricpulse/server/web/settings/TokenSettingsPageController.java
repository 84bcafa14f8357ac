package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.agents.AgentDirectory;
import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.web.DisplayFormat;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@code GET /settings/tokens}: API tokens with their scopes, creation and last use, valid ones first; the
 * create form (the secret is shown once, in the page, from the API's answer) and revoke buttons post to
 * {@code /api/v1/tokens}. Below them the agents with their credentials and last use, a form that issues an
 * agent its own token, and the bootstrap tokens agents enrol with ({@code /api/v1/agents}).
 */
@Controller
class TokenSettingsPageController {

    /** A bootstrap token as the page lists it. */
    record BootstrapLine(long id, String name, String roles, String createdAt, String createdBy, String lastUsedAt,
                         boolean revoked) {
    }

    static final String VIEW = "settings/tokens";

    private final ApiTokenStore tokens;
    private final AgentDirectory agents;
    private final DisplayFormat format;

    TokenSettingsPageController(ApiTokenStore tokens, AgentDirectory agents, DisplayFormat format) {
        this.tokens = tokens;
        this.agents = agents;
        this.format = format;
    }

    @GetMapping("/settings/tokens")
    Mono<String> tokens(Model model) {
        return tokens.list()
                .map(token -> TokenLine.of(token, format))
                .sort(Comparator.comparing(TokenLine::revoked)
                        .thenComparing(Comparator.comparingLong(TokenLine::id).reversed()))
                .collectList()
                .zipWith(agents.list().map(all -> all.stream().map(agent -> AgentLine.of(agent, format)).toList()))
                .zipWith(agents.bootstrapTokens().map(token -> new BootstrapLine(token.id(), token.name(),
                        String.join(", ", token.roles()), format.dateTime(token.createdAt()), token.createdBy(),
                        token.lastUsedAt() == null ? "never" : format.dateTime(token.lastUsedAt()),
                        token.revokedAt() != null)).collectList())
                .map(found -> {
                    List<TokenLine> list = found.getT1().getT1();
                    model.addAttribute("section", "tokens");
                    model.addAttribute("tokens", list);
                    model.addAttribute("agents", found.getT1().getT2());
                    model.addAttribute("bootstrapTokens", found.getT2());
                    model.addAttribute("scopes", Arrays.stream(ApiScope.values()).map(ApiScope::id).toList());
                    model.addAttribute("zone", format.zoneLabel());
                    return VIEW;
                });
    }
}
