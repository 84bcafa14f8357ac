package io.fabricpulse.server.notify;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEvent;
import io.fabricpulse.server.alerting.AlertEventListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Connects the alert engine to the outbox: every alert transition becomes one {@link AlertNotice},
 * queued for every webhook that wants it. The engine calls this on its writer thread or on an API
 * request's thread, after the transition is stored; queueing is a state-store insert, so this only
 * starts it and returns. A failure to queue is logged: the alert itself stands and is visible in the
 * UI and the API.
 */
@Component
public class AlertNotifier implements AlertEventListener {

    private static final Logger log = LoggerFactory.getLogger(AlertNotifier.class);
    /** The unit of findings that are rates; other findings (counts in a window, states) speak through the summary. */
    private static final String PER_SECOND = "/s";

    private final Notifications notifications;

    public AlertNotifier(Notifications notifications) {
        this.notifications = notifications;
    }

    @Override
    public void onEvent(AlertEvent event) {
        AlertNotice notice = notice(event);
        notifications.announce(notice).subscribe(
                queued -> log.debug("alert {} {}: {} notifications queued", event.alertId(), event.kind(), queued),
                fault -> log.error("alert {} {}: notifications could not be queued", event.alertId(), event.kind(),
                        fault));
    }

    /** The notice for one alert transition; visible for tests. */
    static AlertNotice notice(AlertEvent event) {
        AlertContext context = event.context();
        boolean rate = PER_SECOND.equals(context.unit());
        return new AlertNotice(kind(event), Long.toString(event.alertId()), event.rule(),
                AlertNotice.Severity.valueOf(event.severity().name()), context.summary(), context.counter(),
                rate ? finite(context.value()) : null, rate ? finite(context.threshold()) : null,
                ends(context.ends()), event.cluster(), event.firedAt(), event.at(), event.acknowledgedBy(),
                event.ticket(), event.text(), context.suggestedChecks());
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
