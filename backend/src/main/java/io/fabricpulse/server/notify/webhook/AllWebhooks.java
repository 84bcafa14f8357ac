package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.WebhookDirectory;
import io.fabricpulse.server.notify.WebhookTarget;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * The configured webhooks followed by the stored ones. Stored ones are read from the database each
 * time, so one added or deleted through any replica counts at once on every replica.
 */
public final class AllWebhooks implements WebhookDirectory {

    static final String CONFIG_PREFIX = "config-";

    private final List<WebhookTarget> configured;
    private final WebhookRepository stored;

    public AllWebhooks(List<WebhookTarget> configured, WebhookRepository stored) {
        this.configured = List.copyOf(configured);
        this.stored = stored;
    }

    @Override
    public Flux<WebhookTarget> all() {
        return Flux.fromIterable(configured).concatWith(stored.findAll());
    }

    @Override
    public Mono<WebhookTarget> find(String key) {
        if (key.startsWith(CONFIG_PREFIX)) {
            return Mono.justOrEmpty(configured.stream().filter(target -> target.key().equals(key)).findFirst());
        }
        long id = storedId(key);
        return id < 0 ? Mono.empty() : stored.findById(id);
    }

    /** The stored webhook's id in a key, or -1 when the key names no stored webhook. */
    static long storedId(String key) {
        if (key.isEmpty() || key.length() > 18 || !key.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(key);
    }
}
