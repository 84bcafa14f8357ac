package io.fabricpulse.agent.source;

/** A source could read nothing; the message says why in words an operator can act on. */
public class SourceException extends Exception {

    public SourceException(String message) {
        super(message);
    }

    public SourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
