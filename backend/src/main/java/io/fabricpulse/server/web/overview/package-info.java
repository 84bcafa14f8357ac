/**
 * The fabric overview at {@code /}: the firing alerts (from {@code web.alerts}), a summary, the worst links, the
 * worst ports, the nodes; kept live by {@code GET /events/ports}, a server-sent event stream of the same snapshot the
 * page was rendered from, and the alerts by {@code GET /events/live}.
 */
package io.fabricpulse.server.web.overview;
