package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.AlertEvent;
import io.fabricpulse.server.alerting.AlertEventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Hears every announced alert transition for {@link LiveAlerts}, so an acknowledgement between two batches shows at
 * once. A bean of its own, with nothing injected: the alert engine, which needs the live fabric, calls its
 * listeners, and {@link LiveAlerts} itself reads the fabric.
 */
@Component
public class AlertTransitions implements AlertEventListener {

    private final Sinks.Many<Boolean> transitions = Sinks.many().multicast().directBestEffort();

    @Override
    public void onEvent(AlertEvent event) {
        transitions.tryEmitNext(true);
    }

    Flux<Boolean> flux() {
        return transitions.asFlux();
    }
}
