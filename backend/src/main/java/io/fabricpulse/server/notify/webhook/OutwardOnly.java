package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.OutboundAddresses;
import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A webhook stored through the API must point outward: its host is checked as written (every spelling of an
 * inward address, and names such as {@code localhost} or {@code metadata.google.internal}), then resolved,
 * and refused (400 naming {@code url}) when any address it has is inward. A name that does not resolve now
 * is stored: the check at each post decides then.
 */
final class OutwardOnly {

    private static final Duration LOOKUP = Duration.ofSeconds(3);

    private final OutboundAddresses addresses;

    OutwardOnly(OutboundAddresses addresses) {
        this.addresses = addresses;
    }

    Mono<WebhookInput> check(WebhookInput input) {
        String host = input.spec().url().getHost();
        String byName = addresses.refusalOfHost(host).orElse(null);
        if (byName != null) {
            return refused(byName);
        }
        return Mono.fromCallable(() -> addresses.resolve(host))
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(LOOKUP)
                .then(Mono.just(input))
                .onErrorResume(fault -> fault instanceof OutboundAddresses.OutboundRefusedException refusal
                        ? refused(refusal.getMessage()) : Mono.just(input));
    }

    private static <T> Mono<T> refused(String reason) {
        return Mono.error(new ProblemException(ProblemType.INVALID_WEBHOOK, "url: " + reason,
                List.of(new InvalidField("url", reason)), Map.of()));
    }
}
