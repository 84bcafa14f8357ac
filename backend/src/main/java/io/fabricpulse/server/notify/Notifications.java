package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.outbox.OutboxRepository;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.UUID;

/**
 * The one way into notifications: the alert engine announces an event, this queues one outbox row
 * per webhook that wants it, and the dispatcher sends them. Queuing, not sending, is what the caller
 * waits for, so a slow or dead chat server never holds up alert evaluation.
 */
public final class Notifications {

    private final WebhookDirectory webhooks;
    private final OutboxRepository outbox;
    private final JsonMapper json;
    private final Clock clock;
    private final Runnable afterQueued;

    /**
     * @param afterQueued called when something was queued, so the dispatcher runs at once instead of at
     *                    its next poll (the latency budget from counter jump to chat message is ~2 s)
     */
    public Notifications(WebhookDirectory webhooks, OutboxRepository outbox, JsonMapper json, Clock clock,
                         Runnable afterQueued) {
        this.webhooks = webhooks;
        this.outbox = outbox;
        this.json = json;
        this.clock = clock;
        this.afterQueued = afterQueued;
    }

    /**
     * Queues the notice for every webhook that is on and whose min-severity and clusters match.
     *
     * @return how many deliveries were queued; an event announced before is not queued again (0)
     */
    public Mono<Integer> announce(AlertNotice notice) {
        return Mono.fromCallable(() -> json.writeValueAsString(notice))
                .flatMapMany(text -> webhooks.all()
                        .filter(target -> target.enabled() && target.spec().wants(notice))
                        .concatMap(target -> outbox.enqueue(target.key(), idempotencyKey(target.key(), notice),
                                notice.alertId(), notice.kind().name(), text, clock.instant())))
                .filter(queued -> queued)
                .count()
                .map(Long::intValue)
                .doOnNext(queued -> {
                    if (queued > 0) {
                        afterQueued.run();
                    }
                });
    }

    /**
     * The delivery's key: a name-based UUID of channel and event, so it is the same however often
     * the event is announced (the outbox keeps it unique) and differs for every channel and event.
     */
    static String idempotencyKey(String channel, AlertNotice notice) {
        return UUID.nameUUIDFromBytes((channel + "|" + notice.eventKey()).getBytes(StandardCharsets.UTF_8)).toString();
    }
}
