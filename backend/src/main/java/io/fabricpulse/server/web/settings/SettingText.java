package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.alerting.rules.Durations;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;

/**
 * Rule settings as an admin reads and types them: durations as the configuration writes them ({@code 90s},
 * {@code 5m}, {@code 2h}; {@code /js/settings.js} turns them back into the API's ISO-8601), numbers without
 * trailing zeros, BER-sized ones in exponent form ({@code 1e-12}).
 */
final class SettingText {

    /** What a setting the layer below leaves unset reads as. */
    static final String UNSET = "—";

    private SettingText() {
    }

    static String duration(Duration duration) {
        return duration == null ? UNSET : Durations.text(duration);
    }

    static String number(Double value) {
        if (value == null) {
            return UNSET;
        }
        if (!Double.isFinite(value)) {
            return value.toString();
        }
        BigDecimal exact = BigDecimal.valueOf(value).stripTrailingZeros();
        double size = Math.abs(value);
        if (size == 0 || size >= 1e-4 && size < 1e12) {
            return exact.toPlainString();
        }
        return exact.toString().toLowerCase(Locale.ROOT).replace("e+", "e");
    }

    static String text(Object value) {
        return value == null ? UNSET : value.toString().toLowerCase(Locale.ROOT);
    }

    static String enabled(Boolean enabled) {
        return enabled == null ? UNSET : enabled ? "on" : "off";
    }
}
