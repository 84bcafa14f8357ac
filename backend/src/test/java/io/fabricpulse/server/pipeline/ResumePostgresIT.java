package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.testing.RealPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * {@link ResumeContract} on a real PostgreSQL (Debian's postgresql package, a private cluster started
 * by {@link RealPostgres}): the database replicas share in production.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResumePostgresIT implements ResumeContract {

    @RegisterExtension
    static final RealPostgres postgres = new RealPostgres();

    @TempDir
    Path directory;
    private StateDatabase state;

    @BeforeAll
    void open() {
        state = StateDatabase.postgres(postgres.database());
    }

    @AfterAll
    void close() {
        if (state != null) {
            state.close();
        }
    }

    @Override
    public StateDatabase state() {
        return state;
    }

    @Override
    public Path seriesDirectory() {
        return directory;
    }
}
