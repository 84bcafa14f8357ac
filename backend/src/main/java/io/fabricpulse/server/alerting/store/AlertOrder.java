package io.fabricpulse.server.alerting.store;

/** How a list of alerts is ordered. */
public enum AlertOrder {

    /** Newest first: the API's order, stable for paging through history. */
    NEWEST("fired_at DESC, id DESC"),
    /** Critical before warning before info, and within a severity the newest first: the alerts page's order. */
    WORST_FIRST("CASE severity WHEN 'CRITICAL' THEN 0 WHEN 'WARNING' THEN 1 ELSE 2 END, fired_at DESC, id DESC");

    private final String sql;

    AlertOrder(String sql) {
        this.sql = sql;
    }

    String sql() {
        return sql;
    }
}
