package io.fabricpulse.agent.spool;

import java.io.IOException;

/** Another process of the same agent id holds the spool: two senders of the same files would duplicate and race. */
public final class SpoolLockedException extends IOException {

    SpoolLockedException(String message) {
        super(message);
    }
}
