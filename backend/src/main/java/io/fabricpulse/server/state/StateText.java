package io.fabricpulse.server.state;

/** The one check for text that people or agents put into the state store. */
public final class StateText {

    private StateText() {
    }

    /**
     * Non-blank, at most {@code max} characters, no control characters (they break exports, logs and
     * terminals).
     *
     * @param what names the value in the error, e.g. "agent token name"
     * @throws IllegalArgumentException saying which rule the value breaks
     */
    public static void require(String what, String value, int max) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " is required");
        }
        if (value.length() > max) {
            throw new IllegalArgumentException(what + " is " + value.length() + " characters, at most " + max);
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(what + " contains a control character");
        }
    }
}
