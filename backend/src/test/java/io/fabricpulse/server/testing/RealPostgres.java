package io.fabricpulse.server.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.UUID;

/**
 * JUnit extension: a real PostgreSQL for a test class. One {@link PostgresServer} is started for the
 * whole test run (the first class that asks starts it; JUnit closes it when the run ends) and every
 * class gets a new database of its own.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final RealPostgres postgres = new RealPostgres();
 * ... postgres.database().r2dbcUrl() ...
 * </pre>
 *
 * Without PostgreSQL installed the class is skipped, saying what to install; when the environment
 * variable {@code CI} is {@code true} it fails instead, since CI must run it.
 */
public final class RealPostgres implements BeforeAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RealPostgres.class);

    private PostgresServer.Database database;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Path binaries = PostgresServer.binaries().orElse(null);
        if (binaries == null) {
            String message = "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or $"
                    + PostgresServer.BIN_DIRECTORY_VARIABLE + "): run scripts/install-test-deps.sh, which installs "
                    + "the Debian package postgresql";
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail(message);
            }
            Assumptions.abort(message);
        }
        PostgresServer server = context.getRoot().getStore(NAMESPACE)
                .computeIfAbsent(PostgresServer.class, type -> start(binaries), PostgresServer.class);
        database = server.createDatabase("fp_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16)
                .toLowerCase(Locale.ROOT));
    }

    /** The test class's own database; available from {@code @BeforeAll} on. */
    public PostgresServer.Database database() {
        if (database == null) {
            throw new IllegalStateException("no database yet: register RealPostgres as a static @RegisterExtension field");
        }
        return database;
    }

    private static PostgresServer start(Path binaries) {
        try {
            return PostgresServer.start(binaries);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a PostgreSQL test cluster: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting a PostgreSQL test cluster", e);
        }
    }
}
