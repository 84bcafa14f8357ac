package io.fabricpulse.server.alerting;

/** What happened to an alert; each is one row of its history and one event to the listeners. */
public enum AlertEventKind {
    FIRED, ACKNOWLEDGED, COMMENTED, RESOLVED
}
