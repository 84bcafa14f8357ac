package io.fabricpulse.agent.cli;

/** No spool directory can be used; the message says which were tried and why each failed. */
final class SpoolUnavailableException extends Exception {

    SpoolUnavailableException(String message) {
        super(message, null, false, false);
    }
}
