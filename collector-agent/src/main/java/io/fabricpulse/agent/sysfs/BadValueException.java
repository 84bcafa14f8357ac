package io.fabricpulse.agent.sysfs;

/**
 * A sysfs file held text that is not what the kernel writes there. The message says what is wrong
 * (with the value); the kind names the sort of problem, so a value that is garbage in a new way on
 * every poll is still logged only once.
 */
final class BadValueException extends Exception {

    private final String kind;

    BadValueException(String kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    String kind() {
        return kind;
    }
}
