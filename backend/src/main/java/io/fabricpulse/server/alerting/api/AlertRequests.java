package io.fabricpulse.server.alerting.api;

import java.util.List;

/** Bodies of the alert actions. */
final class AlertRequests {

    private AlertRequests() {
    }

    /** POST /api/v1/alerts/{id}/ack: the ticket reference (optional) and a comment (optional). */
    record Acknowledge(String ticket, String comment) {
    }

    /**
     * POST /api/v1/alerts/ack: several alerts acknowledged in one action (one cable's group), with the fields of
     * {@link Acknowledge}.
     */
    record AcknowledgeAll(List<Long> ids, String ticket, String comment) {
    }

    /** POST /api/v1/alerts/{id}/comments. */
    record Comment(String text) {
    }

    /** POST /api/v1/alerts/{id}/resolve: why (optional). */
    record Resolve(String reason) {
    }
}
