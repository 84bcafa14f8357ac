package io.fabricpulse.agent.mad;

/** A datagram that is not a well-formed answer to what was asked: wrong size, version, class or attribute. */
public final class MadDecodeException extends MadException {

    public MadDecodeException(String message) {
        super(message);
    }
}
