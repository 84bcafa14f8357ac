package io.fabricpulse.server.state;

import org.junit.jupiter.api.BeforeEach;

/**
 * The root of the state store's contract suite: each store's contract is an interface of default
 * test methods extending this one, and each database (H2, PostgreSQL) is a class implementing all of
 * them that says which {@link StateDatabase} to run on. Every test starts from empty tables.
 */
public interface StateContract {

    StateDatabase state();

    @BeforeEach
    default void startFromEmptyTables() {
        state().emptyAllTables();
    }
}
