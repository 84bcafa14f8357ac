package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadException;

/** A request got no answer within its timeout, after all its retries. */
public final class MadTimeoutException extends MadException {

    public MadTimeoutException(String message) {
        super(message);
    }
}
