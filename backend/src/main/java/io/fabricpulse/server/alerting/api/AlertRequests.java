package io.fabricpulse.server.alerting.api;

/** Bodies of the alert actions. */
final class AlertRequests {

    private AlertRequests() {
    }

    /** POST /api/v1/alerts/{id}/ack: the ticket reference (optional) and a comment (optional). */
    record Acknowledge(String ticket, String comment) {
    }

    /** POST /api/v1/alerts/{id}/comments. */
    record Comment(String text) {
    }

    /** POST /api/v1/alerts/{id}/resolve: why (optional). */
    record Resolve(String reason) {
    }
}
