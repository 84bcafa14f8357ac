package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** {@link ResumeContract} on H2, the default state store. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResumeH2Test implements ResumeContract {

    @TempDir
    Path directory;
    private StateDatabase state;

    @BeforeAll
    void open() {
        state = StateDatabase.h2();
    }

    @AfterAll
    void close() {
        state.close();
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
