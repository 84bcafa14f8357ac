package io.fabricpulse.agent.push;

/** How an HTTP status of the ingest endpoint is treated; one table, tested as such. */
enum ResponseClass {
    DELIVERED, REJECTED, RETRY;

    static ResponseClass of(int status) {
        if (status >= 200 && status < 300) {
            return DELIVERED;
        }
        if (status == 408 || status == 429) {
            // Request Timeout and Too Many Requests say "not now", not "never"
            return RETRY;
        }
        if (status >= 300 && status < 500) {
            // A redirect of a POST is a misconfigured --server URL; following it would resend to
            // wherever the redirect points, possibly as a GET. Treated like a client error.
            return REJECTED;
        }
        // 5xx, and anything outside the defined ranges: the server is unwell, perhaps briefly
        return RETRY;
    }
}
