package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.WebhookTarget;

import java.util.List;

/**
 * A webhook as the API shows it. Never the secret, and the URL without its path: chat webhook URLs
 * carry their token in the path (Slack, Discord, Teams, Google Chat), so they are secrets too.
 *
 * @param id          the key to address it by: a number for one added through the API, {@code config-...}
 *                    for one from the server's configuration
 * @param name        what messages and logs call it
 * @param type        slack, teams, google-chat, discord or generic
 * @param url         scheme, host and port only; {@code /…} when there is a path
 * @param minSeverity INFO, WARNING or CRITICAL
 * @param clusters    the clusters it gets notices for; empty for all
 * @param hasSecret   whether a signing secret is set
 * @param source      {@code api} or {@code configuration} (read-only)
 * @param enabled     whether notices are queued for it
 */
public record WebhookView(String id, String name, String type, String url, String minSeverity, List<String> clusters,
                          boolean hasSecret, String source, boolean enabled) {

    public static WebhookView of(WebhookTarget target) {
        return new WebhookView(target.key(), target.name(), target.spec().type().configName(), target.spec().redactedUrl(),
                target.spec().minSeverity().name(), target.spec().clusters().stream().sorted().toList(),
                target.spec().secret() != null, target.configured() ? "configuration" : "api", target.enabled());
    }
}
