package io.fabricpulse.agent.mad;

/**
 * Base of every error the MAD layer reports on purpose: a datagram that cannot be decoded, a
 * response with a non-zero status, a request that was never answered. Callers catch this one type;
 * anything else escaping the MAD layer is a bug.
 */
public abstract class MadException extends Exception {

    protected MadException(String message) {
        super(message);
    }

    protected MadException(String message, Throwable cause) {
        super(message, cause);
    }
}
