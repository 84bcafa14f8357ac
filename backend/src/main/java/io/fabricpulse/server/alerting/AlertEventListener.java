package io.fabricpulse.server.alerting;

/**
 * Told about every alert transition (the notification outbox listens). Called on the alert writer's
 * thread or on the request thread of an API action, after the transition is stored; must return at
 * once (store or queue the event) and should not throw - a fault is logged, and the transition stays.
 * Transitions of a silenced alert are recorded in its history but not sent here.
 */
@FunctionalInterface
public interface AlertEventListener {

    void onEvent(AlertEvent event);
}
