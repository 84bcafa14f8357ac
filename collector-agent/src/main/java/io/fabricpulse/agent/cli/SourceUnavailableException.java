package io.fabricpulse.agent.cli;

/** No source asked for (or, with auto, none at all) can read this host; the message says why for each. */
final class SourceUnavailableException extends Exception {

    SourceUnavailableException(String message) {
        super(message, null, false, false);
    }
}
