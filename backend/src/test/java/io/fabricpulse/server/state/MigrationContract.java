package io.fabricpulse.server.state;

import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The migrations: they create every table, and running them again (every server start) changes nothing. */
public interface MigrationContract extends StateContract {

    @Test
    default void migratingAnUpToDateDatabaseAppliesNothing() {
        MigrateResult again = state().migrate();

        assertThat(again.migrationsExecuted).isZero();
        assertThat(again.targetSchemaVersion).isNull();
        // The newest migration, whichever that is as features add theirs.
        assertThat(again.initialSchemaVersion).isEqualTo(state().flyway().info().current().getVersion().getVersion());
    }

    @Test
    default void everyTableExistsAndStartsEmpty() {
        for (String table : StateDatabase.TABLES) {
            assertThat(state().count(table)).as(table).isZero();
        }
    }
}
