package io.fabricpulse.server.alerting.rules;

import java.util.Locale;

/** Numbers in alert texts: whole numbers without a fraction, others with two decimals. */
final class Numbers {

    private Numbers() {
    }

    static String text(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
