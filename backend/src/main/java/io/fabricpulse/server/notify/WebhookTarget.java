package io.fabricpulse.server.notify;

/**
 * A webhook notices can go to, under the key outbox rows name it by.
 *
 * @param key        {@code config-<hash of type and URL>} for one from application.yml (stable when the
 *                   list is reordered), the id for one stored through the API
 * @param name       what people call it
 * @param spec       where and what
 * @param configured whether it comes from application.yml (then the API cannot change it)
 * @param enabled    off: no new notices are queued for it (those already queued are still delivered);
 *                   configured webhooks are always on
 */
public record WebhookTarget(String key, String name, WebhookSpec spec, boolean configured, boolean enabled) {

    public WebhookTarget withEnabled(boolean on) {
        return new WebhookTarget(key, name, spec, configured, on);
    }
}
