/**
 * The alert pages: {@code /alerts} (firing, acknowledged and resolved lists, filtered by severity and rule,
 * silenced alerts marked, and the silences not yet ended with Expire; kept fresh by a small poll of the same
 * page) and {@code /alerts/{id}} (what it says, the silence covering it, both ends with their live counters
 * and links to their port pages, its history, and the acknowledge / comment / resolve / silence forms, which
 * post to {@code /api/v1/alerts/...} so the API stays the one place those actions are checked). Forms are
 * shown only to people who hold the ACK permission.
 */
package io.fabricpulse.server.web.alerts;
