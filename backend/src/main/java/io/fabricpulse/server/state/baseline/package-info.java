/** Saved topologies (ibnetdiscover text or JSON); the newest is the baseline changes are found against. */
package io.fabricpulse.server.state.baseline;
