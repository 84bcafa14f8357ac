package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.ChannelType;
import io.fabricpulse.server.notify.MessageContext;
import io.fabricpulse.server.notify.OutgoingMessage;
import io.fabricpulse.server.notify.WebhookDirectory;
import io.fabricpulse.server.notify.WebhookTarget;
import io.fabricpulse.server.retry.Backoff;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Sends what is due in the outbox, one round per {@link #dispatchDue()}: claims each due row
 * (skipping channels that must wait), renders it for its channel, posts it and records the outcome.
 * The one place that decides about retries (backoff with jitter, Retry-After), giving up (a refusal
 * or the max age) and the metric {@value #METRIC}{type, outcome}.
 */
public final class OutboxDispatcher {

    static final String METRIC = "fabricpulse.notify.deliveries";
    /** How often finished rows older than the history are deleted: rarely, it is housekeeping. */
    static final Duration FORGET_EVERY = Duration.ofHours(1);
    private static final Logger log = LoggerFactory.getLogger(OutboxDispatcher.class);

    private final OutboxRepository outbox;
    private final WebhookDirectory webhooks;
    private final Map<ChannelType, ChannelFormat> formats;
    private final HttpChannelSender sender;
    private final Backoff backoff;
    private final ChannelRateLimit rateLimit;
    private final JsonMapper json;
    private final Clock clock;
    private final MeterRegistry meters;
    private final OutboxSettings settings;
    private volatile Instant lastForgotten = Instant.MIN;

    public OutboxDispatcher(OutboxRepository outbox, WebhookDirectory webhooks, Map<ChannelType, ChannelFormat> formats,
                            HttpChannelSender sender, Backoff backoff, ChannelRateLimit rateLimit, JsonMapper json,
                            Clock clock, MeterRegistry meters, OutboxSettings settings) {
        this.outbox = outbox;
        this.webhooks = webhooks;
        this.formats = Map.copyOf(formats);
        this.sender = sender;
        this.backoff = backoff;
        this.rateLimit = rateLimit;
        this.json = json;
        this.clock = clock;
        this.meters = meters;
        this.settings = settings;
    }

    /** One round over what is due now; emits how many were delivered. Also deletes old history, hourly. */
    public Mono<Integer> dispatchDue() {
        return forgetOldHistory().then(outbox.due(clock.instant(), settings.batchSize())
                .collectList() // read first: a send must not hold a database cursor open
                .flatMapMany(Flux::fromIterable)
                .concatMap(entry -> rateLimit.mayPost(entry.channel(), clock.instant()) ? attempt(entry) : Mono.just(false))
                .filter(delivered -> delivered)
                .count()
                .map(Long::intValue));
    }

    private Mono<Long> forgetOldHistory() {
        Instant now = clock.instant();
        if (now.isBefore(lastForgotten.plus(FORGET_EVERY))) {
            return Mono.empty();
        }
        lastForgotten = now;
        return outbox.forgetFinishedBefore(now.minus(settings.history()));
    }

    private Mono<Boolean> attempt(OutboxEntry entry) {
        Instant now = clock.instant();
        return outbox.claim(entry.id(), settings.owner(), now, now.plus(settings.lease()))
                .flatMap(claimed -> claimed ? deliver(entry) : Mono.just(false));
    }

    private Mono<Boolean> deliver(OutboxEntry entry) {
        if (tooOld(entry, clock.instant())) {
            return giveUp(entry, "unknown", "not delivered within the max age of " + settings.maxAge(), false);
        }
        return webhooks.find(entry.channel())
                .flatMap(target -> post(entry, target))
                .switchIfEmpty(Mono.defer(() -> giveUp(entry, "unknown",
                        "webhook " + entry.channel() + " no longer exists", false)));
    }

    private Mono<Boolean> post(OutboxEntry entry, WebhookTarget target) {
        String type = target.spec().type().configName();
        OutgoingMessage message;
        try {
            AlertNotice notice = json.readValue(entry.notice(), AlertNotice.class);
            message = formats.get(target.spec().type()).render(notice, new MessageContext(
                    MessageContext.alertPage(settings.publicUrl(), notice.alertId()), entry.idempotencyKey(),
                    clock.instant(), target.spec().secret()));
        } catch (JacksonException | IllegalArgumentException | IllegalStateException e) {
            return giveUp(entry, type, "cannot render the stored notice: " + e.getMessage(), false);
        }
        return sender.send(target.spec().url(), message).flatMap(result -> record(entry, target, result));
    }

    private Mono<Boolean> record(OutboxEntry entry, WebhookTarget target, SendResult result) {
        Instant now = clock.instant();
        String type = target.spec().type().configName();
        rateLimit.posted(entry.channel(), now);
        return switch (result) {
            case SendResult.Delivered delivered -> outbox.delivered(entry.id(), settings.owner(), now)
                    .doOnNext(done -> count(type, "delivered"));
            case SendResult.Refused refused -> giveUp(entry, type, target.name() + " refused it: " + refused.reason(), true);
            case SendResult.Retry retry -> {
                Duration wait = retry.retryAfter() != null ? retry.retryAfter() : backoff.after(entry.attempts() + 1);
                Instant due = now.plus(wait);
                if (tooOld(entry, due)) {
                    yield giveUp(entry, type, "still failing when the max age of " + settings.maxAge() + " ran out; last: "
                            + retry.reason(), true);
                }
                // The whole channel waits: it asked us to (429), or it is down and the rest would fail too.
                rateLimit.holdUntil(entry.channel(), due);
                log.info("Notification {} to {} failed ({}); next attempt in {}", entry.idempotencyKey(), target.name(),
                        retry.reason(), wait);
                count(type, "retried");
                yield outbox.retryAt(entry.id(), settings.owner(), due, retry.reason(), true).thenReturn(false);
            }
        };
    }

    private Mono<Boolean> giveUp(OutboxEntry entry, String type, String reason, boolean attempted) {
        log.warn("Gave up notification {} ({} of alert {}) to channel {} after {} attempt(s): {}", entry.idempotencyKey(),
                entry.eventKind(), entry.alertId(), entry.channel(), entry.attempts() + (attempted ? 1 : 0), reason);
        count(type, "given-up");
        return outbox.failed(entry.id(), settings.owner(), clock.instant(), reason, attempted).thenReturn(false);
    }

    private boolean tooOld(OutboxEntry entry, Instant at) {
        return at.isAfter(entry.createdAt().plus(settings.maxAge()));
    }

    private void count(String type, String outcome) {
        Counter.builder(METRIC).description("Notification deliveries by channel type and outcome")
                .tag("type", type).tag("outcome", outcome).register(meters).increment();
    }
}
