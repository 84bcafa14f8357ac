package io.fabricpulse.server.series.prometheus;

/**
 * What to do after one remote-write attempt, decided from the answer alone (one table, tested on its
 * own): the protocol's rules, as Prometheus' own sender applies them.
 */
enum SendOutcome {
    /** 2xx: the receiver has the points. */
    DELIVERED,
    /** 408, 429, 5xx, timeouts, refused or reset connections: the same request again after a wait. */
    RETRY,
    /** 413: the request is too large for the receiver; halves of it may pass. */
    SPLIT,
    /** Any other status (400 malformed or out of order, 401/403 credentials, 404 wrong URL): retrying cannot help. */
    REJECTED;

    static SendOutcome of(int status) {
        if (status >= 200 && status < 300) {
            return DELIVERED;
        }
        if (status == 408 || status == 429 || (status >= 500 && status < 600)) {
            return RETRY;
        }
        if (status == 413) {
            return SPLIT;
        }
        return REJECTED;
    }
}
