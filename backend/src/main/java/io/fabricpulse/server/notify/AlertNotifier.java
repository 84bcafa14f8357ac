package io.fabricpulse.server.notify;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEvent;
import io.fabricpulse.server.alerting.AlertEventKind;
import io.fabricpulse.server.alerting.AlertEventListener;
import io.fabricpulse.server.alerting.AlertImpact;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.List;

/**
 * Connects the alert engine to the outbox: every alert transition becomes one {@link AlertNotice},
 * queued for every webhook that wants it. The engine calls this on its writer thread or on an API
 * request's thread, after the transition is stored; queueing is a state-store insert, so this only
 * hands the event on and returns. A firing asks first who the alert hurts (the jobs, when the jobs
 * feature is there, for at most {@link #IMPACT_TIMEOUT}); events are announced one after the other in the
 * order they came, so a quick acknowledgement never reaches chat before the firing it acknowledges. A
 * failure to queue is logged: the alert itself stands and is visible in the UI and the API.
 */
@Component
public class AlertNotifier implements AlertEventListener {

    private static final Logger log = LoggerFactory.getLogger(AlertNotifier.class);
    /** The unit of findings that are rates; other findings (counts in a window, states) speak through the summary. */
    private static final String PER_SECOND = "/s";
    /** A firing waits this long for who it hurts, then goes out without. */
    static final Duration IMPACT_TIMEOUT = Duration.ofSeconds(5);

    private final Notifications notifications;
    private final ObjectProvider<AlertImpact> impact;
    private final Sinks.Many<AlertEvent> events = Sinks.many().unicast().onBackpressureBuffer();

    public AlertNotifier(Notifications notifications, ObjectProvider<AlertImpact> impact) {
        this.notifications = notifications;
        this.impact = impact;
        events.asFlux()
                .concatMap(event -> jobs(event).map(jobs -> notice(event, jobs)).flatMap(notifications::announce)
                        .doOnNext(queued -> log.debug("alert {} {}: {} notifications queued", event.alertId(),
                                event.kind(), queued))
                        .onErrorResume(fault -> {
                            log.error("alert {} {}: notifications could not be queued", event.alertId(), event.kind(),
                                    fault);
                            return Mono.empty();
                        }))
                .subscribe();
    }

    @Override
    public void onEvent(AlertEvent event) {
        // Events come from the writer thread and from request threads: serialize the hand-over.
        events.emitNext(event, Sinks.EmitFailureHandler.busyLooping(Duration.ofSeconds(1)));
    }

    /** Who a firing hurts; nothing for the other transitions, and nothing (logged) when the answer fails. */
    private Mono<List<AlertNotice.Job>> jobs(AlertEvent event) {
        AlertImpact lookup = impact.getIfAvailable();
        if (lookup == null || event.kind() != AlertEventKind.FIRED) {
            return Mono.just(List.of());
        }
        return lookup.of(event.scope(), event.ends(), event.firedAt(), event.at())
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(IMPACT_TIMEOUT)
                .map(found -> found.jobs().stream().map(job -> new AlertNotice.Job(job.id(), job.name(), job.user(),
                        job.pairs())).toList())
                .onErrorResume(fault -> {
                    log.warn("alert {}: announced without the jobs it hurts, which could not be worked out: {}",
                            event.alertId(), fault.toString());
                    return Mono.just(List.of());
                });
    }

    /** The notice for one alert transition; visible for tests. */
    static AlertNotice notice(AlertEvent event) {
        return notice(event, List.of());
    }

    /** The notice for one alert transition, naming {@code jobs}. */
    static AlertNotice notice(AlertEvent event, List<AlertNotice.Job> jobs) {
        AlertContext context = event.context();
        boolean rate = PER_SECOND.equals(context.unit());
        return new AlertNotice(kind(event), Long.toString(event.alertId()), event.rule(),
                AlertNotice.Severity.valueOf(event.severity().name()), context.summary(), context.counter(),
                rate ? finite(context.value()) : null, rate ? finite(context.threshold()) : null,
                ends(context.ends()), event.cluster(), event.firedAt(), event.at(), event.acknowledgedBy(),
                event.ticket(), event.text(), context.suggestedChecks(), jobs);
    }

    private static AlertNotice.Kind kind(AlertEvent event) {
        return switch (event.kind()) {
            case FIRED -> AlertNotice.Kind.FIRING;
            case ACKNOWLEDGED -> AlertNotice.Kind.ACKNOWLEDGED;
            case COMMENTED -> AlertNotice.Kind.COMMENTED;
            case RESOLVED -> AlertNotice.Kind.RESOLVED;
        };
    }

    private static List<AlertNotice.End> ends(List<AlertEnd> ends) {
        return ends.stream().map(end -> new AlertNotice.End(end.nodeName(), end.nodeGuid(), end.portNumber(),
                end.lid() == 0 ? null : end.lid(), nodeType(end.nodeType()))).toList();
    }

    private static AlertNotice.NodeType nodeType(NodeType type) {
        if (type == null) {
            return null;
        }
        return switch (type) {
            case SWITCH -> AlertNotice.NodeType.SWITCH;
            // A router is a channel adapter's kin for the reader: a node at the end of a cable, not a switch.
            case CA, ROUTER -> AlertNotice.NodeType.CA;
        };
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
