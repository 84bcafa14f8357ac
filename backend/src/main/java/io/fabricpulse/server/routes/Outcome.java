package io.fabricpulse.server.routes;

/**
 * How a route through the forwarding tables ends. Every way but {@link #ARRIVED} leaves the pair without a
 * route; each says where the tables and the cables disagree, which is what an operator has to fix.
 */
public enum Outcome {
    ARRIVED("reaches its destination"),
    NO_TABLE("meets a switch whose forwarding table has not been read"),
    NO_ROUTE("meets a switch whose table has no route to the destination LID"),
    BAD_PORT("meets a switch whose table names a port beyond the switch's ports"),
    DEAD_END("meets a switch whose table sends it out of a port without a cable"),
    WRONG_DESTINATION("ends at another port than the one holding the destination LID (LIDs moved since the tables were read)"),
    LOOP("loops between switches");

    /** Codes below zero in the per-destination hop arrays, one per failing outcome. */
    private static final Outcome[] BY_CODE = values();

    private final String meaning;

    Outcome(String meaning) {
        this.meaning = meaning;
    }

    /** What it means for a route, as a log line or a page says it. */
    public String meaning() {
        return meaning;
    }

    /** The negative code a failing outcome is stored as (ARRIVED has none: hop counts are stored instead). */
    byte code() {
        return (byte) -ordinal();
    }

    static Outcome ofCode(int code) {
        return code >= 0 ? ARRIVED : BY_CODE[-code];
    }
}
