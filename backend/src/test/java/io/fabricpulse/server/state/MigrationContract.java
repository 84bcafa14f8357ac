package io.fabricpulse.server.state;

import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The migrations: they create every table, and running them again (every server start) changes nothing. */
public interface MigrationContract extends StateContract {

    /** The newest migration's version: update with each new V<n>__ file. */
    String LATEST_VERSION = "4";

    @Test
    default void migratingAnUpToDateDatabaseAppliesNothing() {
        MigrateResult again = state().migrate();

        assertThat(again.migrationsExecuted).isZero();
        assertThat(again.targetSchemaVersion).isNull();
        assertThat(again.initialSchemaVersion).isEqualTo(LATEST_VERSION);
    }

    @Test
    default void everyTableExistsAndStartsEmpty() {
        for (String table : StateDatabase.TABLES) {
            assertThat(state().count(table)).as(table).isZero();
        }
    }
}
