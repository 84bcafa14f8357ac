package io.fabricpulse.agent.spool;

/** A spool file that cannot be replayed; the message says why, for one log line. */
class SpoolFileException extends Exception {

    SpoolFileException(String message) {
        super(message, null, false, false);
    }

    /** A file in the format of another agent version: not ours to judge, so it is left alone. */
    static final class UnknownVersion extends SpoolFileException {

        UnknownVersion(String message) {
            super(message);
        }
    }
}
