package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The outbox contract on H2 in a file, as the server runs by default: a restart reopens the file. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutboxH2Test implements OutboxContract {

    /** Static: one directory for the class (an instance field gets a new one per test). */
    @TempDir
    static Path directory;
    private StateDatabase state;
    private WebhookSink sink;

    @BeforeEach
    void openSink() {
        sink = WebhookSink.start();
    }

    @Override
    public StateDatabase state() {
        if (state == null) {
            state = StateDatabase.h2File(directory);
        }
        return state;
    }

    @Override
    public StateDatabase restartDatabase() {
        state.close();
        state = StateDatabase.h2File(directory);
        return state;
    }

    @Override
    public WebhookSink sink() {
        return sink;
    }

    @AfterAll
    void close() {
        state.close();
    }
}
