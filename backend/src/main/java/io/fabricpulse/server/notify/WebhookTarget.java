package io.fabricpulse.server.notify;

/**
 * A webhook notices can go to, under the key outbox rows name it by.
 *
 * @param key        {@code config-<hash of type and URL>} for one from application.yml (stable when the
 *                   list is reordered), the id for one stored through the API
 * @param name       what people call it
 * @param spec       where and what
 * @param configured whether it comes from application.yml (then the API cannot change it)
 */
public record WebhookTarget(String key, String name, WebhookSpec spec, boolean configured) {
}
