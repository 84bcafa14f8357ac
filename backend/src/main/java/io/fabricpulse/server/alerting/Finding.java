package io.fabricpulse.server.alerting;

/**
 * A rule's verdict that its condition holds for one port (or node), with the numbers that prove it.
 *
 * @param counter   the counter or quantity looked at, such as {@code SymbolErrorCounter}
 * @param value     what was measured, in {@code unit}
 * @param threshold what it was compared with, in {@code unit}
 * @param unit      such as {@code errors in 12m} or {@code /s}
 * @param summary   one line for people, such as "SymbolErrorCounter +17 in 12m, limit 0.72 for 4X EDR"
 */
public record Finding(String counter, double value, double threshold, String unit, String summary) {
}
