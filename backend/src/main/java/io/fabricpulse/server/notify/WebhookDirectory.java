package io.fabricpulse.server.notify;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Every webhook there is now: the configured ones and those stored through the API. */
public interface WebhookDirectory {

    Flux<WebhookTarget> all();

    /** The webhook with this key; empty when it is gone (deleted, or removed from the configuration). */
    Mono<WebhookTarget> find(String key);
}
