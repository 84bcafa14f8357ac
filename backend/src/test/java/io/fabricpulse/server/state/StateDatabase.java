package io.fabricpulse.server.state;

import io.fabricpulse.server.testing.PostgresServer;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * A migrated state database for tests, built the way the server builds it but without Spring: an
 * R2DBC pool from the URL, Flyway over the JDBC URL {@link StateDatabaseUrl} derives from it. Either
 * a new H2 database in memory or a database on a real PostgreSQL ({@link PostgresServer}).
 */
public final class StateDatabase implements AutoCloseable {

    /** Every table of the schema, for emptying between tests. */
    static final List<String> TABLES =
            List.of("agent_token", "counter_clear", "node_name", "cluster_member", "topology_baseline", "audit_log",
                    "webhook", "notification_outbox", "api_token", "generated_password",
                    "alert_event", "alert", "alert_silence", "alert_rule_setting",
                    "port_last_sample", "agent_ingest_mark", "cable_history", "subnet_manager", "job_node", "job",
                    "agent_node", "agent");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final String r2dbcUrl;
    private final StateDatabaseUrl url;
    private final String user;
    private final String password;
    private final ConnectionPool pool;
    private final DatabaseClient client;
    private final TransactionalOperator transaction;

    private StateDatabase(String r2dbcUrl, String user, String password) {
        this.r2dbcUrl = r2dbcUrl;
        this.url = StateDatabaseUrl.parse(r2dbcUrl);
        this.user = user;
        this.password = password;
        ConnectionFactoryOptions.Builder options = ConnectionFactoryOptions.parse(r2dbcUrl).mutate();
        if (user != null) {
            options.option(ConnectionFactoryOptions.USER, user).option(ConnectionFactoryOptions.PASSWORD, password);
        }
        this.pool = new ConnectionPool(io.r2dbc.pool.ConnectionPoolConfiguration
                .builder(ConnectionFactories.get(options.build())).maxSize(4).build());
        this.client = DatabaseClient.create(pool);
        this.transaction = TransactionalOperator.create(new R2dbcTransactionManager(pool));
    }

    /** A new, migrated H2 database in memory, gone on {@link #close()}. */
    public static StateDatabase h2() {
        StateDatabase database = new StateDatabase("r2dbc:h2:mem:///state-" + UUID.randomUUID()
                + "?options=DB_CLOSE_DELAY=-1", null, null);
        database.migrate();
        return database;
    }

    /**
     * An H2 database in a file under {@code directory}, migrated; it outlives {@link #close()}, so a
     * second instance over the same directory sees what the first wrote (a server restart).
     */
    public static StateDatabase h2File(java.nio.file.Path directory) {
        StateDatabase database = new StateDatabase("r2dbc:h2:file:///" + directory.toAbsolutePath().resolve("state")
                + "?options=DB_CLOSE_ON_EXIT=FALSE", null, null);
        database.migrate();
        return database;
    }

    /** The given (empty) PostgreSQL database, migrated. */
    public static StateDatabase postgres(PostgresServer.Database database) {
        StateDatabase state = new StateDatabase(database.r2dbcUrl(), database.user(), database.password());
        state.migrate();
        return state;
    }

    /** The newest migration's version, which a migrated database is at. */
    public String latestMigrationVersion() {
        return java.util.Arrays.stream(flyway().info().all())
                .map(migration -> migration.getVersion()).max(java.util.Comparator.naturalOrder())
                .orElseThrow().getVersion();
    }

    /** Runs the migrations, as the server's Flyway does at startup. */
    public MigrateResult migrate() {
        return flyway().migrate();
    }

    /** Flyway on this database with the server's migrations. */
    public Flyway flyway() {
        return Flyway.configure().dataSource(url.jdbcUrl(), user, password).locations("classpath:db/migration").load();
    }

    public DatabaseClient client() {
        return client;
    }

    public TransactionalOperator transaction() {
        return transaction;
    }

    public String r2dbcUrl() {
        return r2dbcUrl;
    }

    /** Deletes every row, so each test starts from an empty store. */
    public void emptyAllTables() {
        for (String table : TABLES) {
            client.sql("DELETE FROM " + table).then().block(TIMEOUT);
        }
    }

    /** How many rows a table has. */
    public long count(String table) {
        return client.sql("SELECT COUNT(*) FROM " + table)
                .map(row -> StateSql.required(row, 0, Number.class).longValue()).one().block(TIMEOUT);
    }

    @Override
    public void close() {
        if (url.inMemory()) {
            client.sql("SHUTDOWN").then().onErrorComplete().block(TIMEOUT);
        }
        pool.dispose();
    }
}
