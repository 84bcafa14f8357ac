package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.notify.ChannelType;
import io.fabricpulse.server.notify.WebhookDirectory;
import io.fabricpulse.server.notify.webhook.WebhookView;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.List;

/**
 * {@code GET /settings/webhooks}: every webhook as the API shows it (never a secret, the URL without its
 * path), with forms to add, change, delete and test them through {@code /api/v1/webhooks}.
 */
@Controller
class WebhookSettingsPageController {

    static final String VIEW = "settings/webhooks";

    private final WebhookDirectory webhooks;

    WebhookSettingsPageController(WebhookDirectory webhooks) {
        this.webhooks = webhooks;
    }

    @GetMapping("/settings/webhooks")
    Mono<String> webhooks(Model model) {
        return webhooks.all().map(WebhookView::of).collectList().map(list -> {
            model.addAttribute("section", "webhooks");
            model.addAttribute("webhooks", list);
            model.addAttribute("types", Arrays.stream(ChannelType.values()).map(ChannelType::configName).toList());
            model.addAttribute("severities", List.of("INFO", "WARNING", "CRITICAL"));
            return VIEW;
        });
    }
}
