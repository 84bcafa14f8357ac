package io.fabricpulse.server.alerting;

/** How urgent an alert is; notification channels filter on it (min-severity). */
public enum Severity {
    INFO, WARNING, CRITICAL
}
