package io.fabricpulse.server.alerting;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/** Hands alert events to every {@link AlertEventListener}, unless a silence covers the alert. */
public final class AlertEventPublisher {

    private static final Logger log = LoggerFactory.getLogger(AlertEventPublisher.class);

    private final List<AlertEventListener> listeners;
    private final Silences silences;

    public AlertEventPublisher(List<AlertEventListener> listeners, Silences silences) {
        this.listeners = List.copyOf(listeners);
        this.silences = silences;
    }

    public void publish(AlertEvent event) {
        if (silences.silenced(event)) {
            log.debug("alert {} {} is silenced: not announced", event.alertId(), event.kind());
            return;
        }
        for (AlertEventListener listener : listeners) {
            try {
                listener.onEvent(event);
            } catch (RuntimeException fault) {
                log.error("alert event listener {} failed on {} of alert {}", listener, event.kind(), event.alertId(),
                        fault);
            }
        }
    }
}
