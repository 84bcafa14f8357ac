package io.fabricpulse.server.alerting;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterEach;

/** A new in-memory state database and a virtual clock at {@link AlertTestbed#T0} for each test. */
abstract class OnFreshStateStore {

    protected final StateDatabase db = StateDatabase.h2();
    protected final MutableClock clock = new MutableClock(AlertTestbed.T0);

    @AfterEach
    void closeDatabase() {
        db.close();
    }
}
