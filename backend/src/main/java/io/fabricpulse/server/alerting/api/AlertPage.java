package io.fabricpulse.server.alerting.api;

import java.util.List;

/**
 * One page of a filtered alert list, newest first.
 *
 * @param items  the alerts on this page
 * @param total  how many alerts match the filter in all
 * @param offset how many were skipped
 * @param limit  the page size asked for
 */
public record AlertPage(List<AlertView> items, long total, int offset, int limit) {
}
