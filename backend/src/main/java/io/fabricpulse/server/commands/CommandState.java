package io.fabricpulse.server.commands;

import java.util.Locale;

/** Where an order stands. Sent means one agent took it; done, failed and expired are final. */
public enum CommandState {
    QUEUED, SENT, DONE, FAILED, EXPIRED;

    public boolean isFinal() {
        return this == DONE || this == FAILED || this == EXPIRED;
    }

    /** The state's name in the API: {@code queued}, {@code sent}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
