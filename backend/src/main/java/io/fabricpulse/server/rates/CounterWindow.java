package io.fabricpulse.server.rates;

/**
 * One counter over one window.
 *
 * @param increase  how much the counter grew over the window's covered seconds, in its own unit
 *                  (events, packets, 4-byte words, ticks); a lower bound when {@code saturated}
 * @param perSecond {@code increase / coveredSeconds}; null when saturated or nothing was covered
 * @param saturated the counter sat latched at its maximum in some interval of the window: the true
 *                  increase is unknown ("at least")
 */
public record CounterWindow(double increase, Double perSecond, boolean saturated) {
}
