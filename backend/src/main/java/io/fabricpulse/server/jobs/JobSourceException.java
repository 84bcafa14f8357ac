package io.fabricpulse.server.jobs;

/** A poll of the scheduler that gave nothing usable; the message names the command, the place and what to do. */
public class JobSourceException extends Exception {

    public JobSourceException(String message) {
        super(message, null, false, false);
    }
}
