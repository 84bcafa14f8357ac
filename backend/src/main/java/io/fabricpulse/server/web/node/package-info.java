/**
 * The node page {@code /nodes/{guid}} and the port page {@code /nodes/{guid}/ports/{port}}: identity,
 * each port's state, link and peer (a link to the far end's port page), counters with their current rates,
 * saturation, and the port's counter-clear history from the state store.
 */
package io.fabricpulse.server.web.node;
