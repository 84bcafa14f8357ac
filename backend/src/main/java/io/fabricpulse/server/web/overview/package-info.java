/**
 * The fabric overview at {@code /}: a summary strip, the worst ports first, the nodes; kept live by
 * {@code GET /events/ports}, a server-sent event stream of the same snapshot the page was rendered from.
 */
package io.fabricpulse.server.web.overview;
