package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadException;

/** The local port failed to send or receive, or the engine was closed while the request waited. */
public final class MadTransportException extends MadException {

    public MadTransportException(String message) {
        super(message);
    }

    public MadTransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
