package io.fabricpulse.agent.command;

import io.fabricpulse.model.command.CommandResult;

/** Where the answers to orders go: the server ({@link AnswerClient}). */
public interface AnswerSink extends AutoCloseable {

    /** How an answer went: the HTTP status (0 when none came) and the server's words. */
    record Sent(int status, String body) {

        public boolean accepted() {
            return status >= 200 && status < 300;
        }

        /** Whether sending it again may go better: no answer, a 5xx, 408 or 429. */
        public boolean retryable() {
            return status == 0 || status >= 500 || status == 408 || status == 429;
        }
    }

    Sent send(long id, CommandResult result) throws InterruptedException;

    @Override
    default void close() {
    }
}
