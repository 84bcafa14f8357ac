package io.fabricpulse.server.alerting;

import java.util.List;

/**
 * When many subjects of one rule go wrong at once (394 new switches in one batch, 100 agents silent in
 * one sweep), they are one alert, and so one chat message, naming them, instead of one each: a flood of
 * alerts hides the one that matters and gets a webhook rate-limited. More than {@link #AT_ONCE} new ones
 * together make a group; fewer are each their own alert, as before.
 */
public final class Floods {

    /** More than this many subjects going wrong together are one alert. */
    public static final int AT_ONCE = 5;
    /** How many members a group's summary names before "and N more". */
    static final int NAMED = 20;

    private Floods() {
    }

    /** Whether {@code count} subjects found together are a flood. */
    public static boolean isFlood(int count) {
        return count > AT_ONCE;
    }

    /** {@code a, b, c and 97 more}: the first members by name, then how many are left out. */
    public static String list(List<String> members) {
        if (members.size() <= NAMED) {
            return String.join(", ", members);
        }
        return String.join(", ", members.subList(0, NAMED)) + " and " + (members.size() - NAMED) + " more";
    }
}
