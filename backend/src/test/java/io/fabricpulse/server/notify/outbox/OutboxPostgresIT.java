package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.testing.RealPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The outbox contract on a real PostgreSQL: a restart is a new connection pool to the same database. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutboxPostgresIT implements OutboxContract {

    @RegisterExtension
    static final RealPostgres postgres = new RealPostgres();

    private StateDatabase state;
    private WebhookSink sink;

    @BeforeAll
    void open() {
        state = StateDatabase.postgres(postgres.database());
    }

    @BeforeEach
    void openSink() {
        sink = WebhookSink.start();
    }

    @Override
    public StateDatabase state() {
        return state;
    }

    @Override
    public StateDatabase restartDatabase() {
        state.close();
        state = StateDatabase.postgres(postgres.database());
        return state;
    }

    @Override
    public WebhookSink sink() {
        return sink;
    }

    @AfterAll
    void close() {
        if (state != null) {
            state.close();
        }
    }
}
