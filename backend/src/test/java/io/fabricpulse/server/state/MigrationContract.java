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
        assertThat(again.initialSchemaVersion).isEqualTo(latestMigration());
    }

    /** The highest V&lt;n&gt; of the migration files: every engineer's migration adds one. */
    private static String latestMigration() {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of(
                MigrationContract.class.getResource("/db/migration").toURI()))) {
            return String.valueOf(files.map(file -> file.getFileName().toString())
                    .filter(name -> name.matches("V\\d+__.*\\.sql"))
                    .mapToInt(name -> Integer.parseInt(name.substring(1, name.indexOf("__"))))
                    .max().orElseThrow());
        } catch (java.io.IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException("cannot list db/migration", e);
        }
    }

    @Test
    default void everyTableExistsAndStartsEmpty() {
        for (String table : StateDatabase.TABLES) {
            assertThat(state().count(table)).as(table).isZero();
        }
    }
}
