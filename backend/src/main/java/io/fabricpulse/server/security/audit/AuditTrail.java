package io.fabricpulse.server.security.audit;

import io.fabricpulse.server.security.CurrentActor;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;

/**
 * The audit log as every feature writes it: who did what to what, now. Appends join the caller's
 * transaction when there is one, so put the {@code record} inside the transaction of the change it
 * describes and both are kept or neither.
 *
 * <p>Actions are dotted verbs, {@code <thing>.<verb>}: {@code alert.ack}, {@code silence.create},
 * {@code rule.update}, {@code webhook.delete}, {@code api-token.create}, {@code login.failure}.
 * Targets name the thing with its id: {@code alert:42}, {@code silence:7}, {@code webhook:3}.
 */
@Service
public class AuditTrail {

    private final AuditLogRepository log;
    private final Clock clock;

    public AuditTrail(AuditLogRepository log, Clock clock) {
        this.log = log;
        this.clock = clock;
    }

    /**
     * Records an action of the current request's user or token ({@link CurrentActor}); call it in the
     * request's reactive chain.
     */
    public Mono<AuditEntry> record(String action, String target, String detail) {
        return CurrentActor.name().flatMap(actor -> record(actor, action, target, detail));
    }

    /**
     * Records an action of a named actor (a user, a token, {@code system} for the server's own).
     * A detail longer than the log keeps is cut, with a mark, rather than refusing the action.
     *
     * @throws IllegalArgumentException (as the Mono's error) for a blank or over-long actor, action or target
     */
    public Mono<AuditEntry> record(String actor, String action, String target, String detail) {
        return Mono.defer(() -> log.append(AuditEntry.of(clock.instant(), cut(actor, AuditEntry.MAX_ACTOR), action,
                target, detail == null ? null : cut(detail, AuditEntry.MAX_DETAIL))));
    }

    /** Entries newest first, as {@link AuditLogRepository#find} reads them. */
    public Flux<AuditEntry> find(AuditQuery query) {
        return log.find(query);
    }

    private static String cut(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
