package io.fabricpulse.server.web;

import java.util.List;

/**
 * The time slider of the map and the overview ({@code templates/history/time-slider.html}, {@code /js/time-slider.js}):
 * the history it covers and the instant shown, already formatted.
 *
 * @param oldest the oldest instant it may show (ISO-8601)
 * @param now    the server's now at rendering (ISO-8601): the slider's live end
 * @param at     the past instant shown (ISO-8601), null when live
 * @param atText that instant as every page shows times ({@code yyyy-MM-dd HH:mm:ss}), null when live
 * @param zone   the zone times are shown and typed in ("UTC" or a region id), as {@link DisplayFormat#zoneLabel()}
 * @param notes  what the past view rebuilds and what it cannot (names, widths and speeds have no history)
 */
public record TimeSlider(String oldest, String now, String at, String atText, String zone, List<String> notes) {

    public boolean past() {
        return at != null;
    }
}
