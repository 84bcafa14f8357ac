/**
 * The alert pages: {@code /alerts} (firing, acknowledged and resolved lists, filtered by severity and rule,
 * kept fresh by a small poll of the same page) and {@code /alerts/{id}} (what it says, both ends with their
 * live counters and links to their port pages, its history, and the acknowledge / comment / resolve forms,
 * which post to {@code /api/v1/alerts/{id}/...} so the API stays the one place those actions are checked).
 */
package io.fabricpulse.server.web.alerts;
