package io.fabricpulse.agent.push;

/** How an HTTP status of the ingest endpoint is treated; one table, tested as such. */
enum ResponseClass {
    DELIVERED,
    /** This batch is wrong (400, 413, 422, ...): sending it again would be refused again. */
    REJECTED,
    /**
     * The agent is set up wrong, not the batch: a redirect (the --server URL names something else), 401
     * or 403 (token unset, wrong or revoked), 404 (not a FabricPulse server). Every batch would get the
     * same answer until someone fixes the configuration, so batches are kept (bounded by the buffer and
     * the maximum batch age) and sent once it is fixed, instead of throwing a backlog away.
     */
    MISCONFIGURED,
    RETRY;

    static ResponseClass of(int status) {
        if (status >= 200 && status < 300) {
            return DELIVERED;
        }
        if (status == 408 || status == 429) {
            // Request Timeout and Too Many Requests say "not now", not "never"
            return RETRY;
        }
        if (status >= 300 && status < 400 || status == 401 || status == 403 || status == 404) {
            // A redirect of a POST is a misconfigured --server URL; following it would resend to
            // wherever the redirect points, possibly as a GET.
            return MISCONFIGURED;
        }
        if (status >= 400 && status < 500) {
            return REJECTED;
        }
        // 5xx, and anything outside the defined ranges: the server is unwell, perhaps briefly
        return RETRY;
    }
}
