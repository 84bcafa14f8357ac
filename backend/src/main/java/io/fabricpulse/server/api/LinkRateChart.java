package io.fabricpulse.server.api;

/**
 * One series at both ends of a cable.
 *
 * @param port    the port asked for
 * @param peer    the port at the other end, null when the fabric does not know it
 */
public record LinkRateChart(RateChart port, RateChart peer) {
}
