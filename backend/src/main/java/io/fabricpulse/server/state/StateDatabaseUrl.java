package io.fabricpulse.server.state;

import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The state store's R2DBC URL ({@code spring.r2dbc.url}) read for what else needs it: the JDBC URL
 * Flyway migrates through (Flyway speaks JDBC only) and a sentence for the startup log saying where
 * the data is. Operators set one URL; the two can never point at different databases by mistake.
 *
 * <p>The URL is parsed by the R2DBC SPI itself ({@link ConnectionFactoryOptions#parse}), the same
 * parser the drivers use. Only H2 ({@code file}, {@code mem}) and PostgreSQL are derived; anything
 * else, including PostgreSQL options with no JDBC equivalent here, is refused with the advice to set
 * {@code spring.flyway.url} explicitly, rather than migrating a database the server will not use.
 *
 * @param driver   {@code h2} or {@code postgresql}
 * @param jdbcUrl  the JDBC URL of the same database, without credentials
 * @param user     the user embedded in the URL ({@code r2dbc:postgresql://user:pw@host/db}), or null
 * @param password the password embedded in the URL, or null
 * @param where    where the data is, for people: a file path, "memory", or host:port/database
 */
public record StateDatabaseUrl(String driver, String jdbcUrl, String user, String password, String where) {

    private static final Option<String> H2_OPTIONS = Option.valueOf("options");
    /** r2dbc-postgresql query options and their pgjdbc names; others are refused (see class comment). */
    private static final Map<String, String> POSTGRES_OPTIONS = Map.of(
            "sslMode", "sslmode",
            "sslRootCert", "sslrootcert",
            "sslCert", "sslcert",
            "sslKey", "sslkey",
            "sslPassword", "sslpassword",
            "applicationName", "ApplicationName",
            "schema", "currentSchema",
            "connectTimeout", "connectTimeout");

    @Override
    public String toString() {
        // Never print the password.
        return "StateDatabaseUrl[" + driver + ", " + jdbcUrl + ", user=" + user + "]";
    }

    /**
     * @throws IllegalArgumentException when the URL is not an R2DBC URL of H2 or PostgreSQL, or
     *                                  carries options this class cannot carry over to JDBC
     */
    public static StateDatabaseUrl parse(String r2dbcUrl) {
        ConnectionFactoryOptions options;
        try {
            options = ConnectionFactoryOptions.parse(r2dbcUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("spring.r2dbc.url is not an R2DBC URL: " + e.getMessage(), e);
        }
        String driver = text(options, ConnectionFactoryOptions.DRIVER);
        String protocol = text(options, ConnectionFactoryOptions.PROTOCOL);
        if ("pool".equals(driver) && protocol != null) {
            // r2dbc:pool:<driver>[:<protocol>]:... wraps a driver in r2dbc-pool; the database is the inner driver's.
            int colon = protocol.indexOf(':');
            driver = colon < 0 ? protocol : protocol.substring(0, colon);
            protocol = colon < 0 ? null : protocol.substring(colon + 1);
        }
        String user = text(options, ConnectionFactoryOptions.USER);
        Object password = options.getValue(ConnectionFactoryOptions.PASSWORD);
        String secret = password == null ? null : password.toString();
        return switch (driver == null ? "" : driver) {
            case "h2" -> h2(r2dbcUrl, options, protocol, user, secret);
            case "postgresql" -> postgres(r2dbcUrl, options, user, secret);
            default -> throw new IllegalArgumentException("the state store supports H2 and PostgreSQL, but spring.r2dbc.url "
                    + "names the driver '" + driver + "'");
        };
    }

    /** The file of an H2 database in a file ({@code <path>.mv.db}); empty for every other database. */
    public Optional<Path> h2File() {
        return "h2".equals(driver) && jdbcUrl.startsWith("jdbc:h2:file:") ? Optional.of(Path.of(where)) : Optional.empty();
    }

    /** Whether this is an H2 database in memory (gone when the server stops). */
    public boolean inMemory() {
        return jdbcUrl.startsWith("jdbc:h2:mem:");
    }

    private static StateDatabaseUrl h2(String url, ConnectionFactoryOptions options, String protocol, String user,
                                       String password) {
        String database = text(options, ConnectionFactoryOptions.DATABASE);
        if (database == null || database.isBlank()) {
            throw new IllegalArgumentException("spring.r2dbc.url names no H2 database: " + redacted(url)
                    + " (e.g. r2dbc:h2:file:///./data/fabricpulse)");
        }
        if (!"file".equals(protocol) && !"mem".equals(protocol)) {
            throw new IllegalArgumentException("spring.r2dbc.url: H2 in 'file' or 'mem' mode only, got '" + protocol
                    + "' in " + redacted(url));
        }
        // r2dbc-h2 builds "jdbc:h2:" + protocol + ":" + database + ";" + options; so do we.
        StringBuilder jdbc = new StringBuilder("jdbc:h2:").append(protocol).append(':').append(database);
        String h2Options = text(options, H2_OPTIONS);
        if (h2Options != null && !h2Options.isBlank()) {
            jdbc.append(';').append(h2Options);
        }
        String where = "file".equals(protocol)
                ? h2File(database)
                : "memory (H2 '" + database + "', gone when the server stops)";
        return new StateDatabaseUrl("h2", jdbc.toString(), user, password, where);
    }

    /** The file H2 writes: the path plus ".mv.db"; H2 reads a leading ~ as the user's home. */
    private static String h2File(String database) {
        String path = database.startsWith("~") ? System.getProperty("user.home") + database.substring(1) : database;
        return Path.of(path + ".mv.db").toAbsolutePath().normalize().toString();
    }

    private static StateDatabaseUrl postgres(String url, ConnectionFactoryOptions options, String user, String password) {
        String host = text(options, ConnectionFactoryOptions.HOST);
        String database = text(options, ConnectionFactoryOptions.DATABASE);
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("spring.r2dbc.url names no PostgreSQL host: " + redacted(url));
        }
        Object port = options.getValue(ConnectionFactoryOptions.PORT);
        String authority = host + (port == null ? "" : ":" + port);
        StringBuilder jdbc = new StringBuilder("jdbc:postgresql://").append(authority).append('/')
                .append(database == null ? "" : database);
        StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
        for (Map.Entry<String, String> option : queryOptions(url).entrySet()) {
            String jdbcName = POSTGRES_OPTIONS.get(option.getKey());
            if (jdbcName == null) {
                throw new IllegalArgumentException("spring.r2dbc.url has the option '" + option.getKey()
                        + "', which FabricPulse does not carry over to Flyway's JDBC URL: set spring.flyway.url "
                        + "(and spring.flyway.user/password) yourself, or drop the option. Carried over: "
                        + POSTGRES_OPTIONS.keySet().stream().sorted().toList());
            }
            query.add(jdbcName + "=" + option.getValue());
        }
        jdbc.append(query);
        String where = "PostgreSQL " + authority + "/" + (database == null ? "" : database);
        return new StateDatabaseUrl("postgresql", jdbc.toString(), user, password, where);
    }

    /** The query options as written (names and raw values); the SPI offers no way to list them. */
    private static Map<String, String> queryOptions(String url) {
        Map<String, String> found = new LinkedHashMap<>();
        int question = url.indexOf('?');
        if (question < 0) {
            return found;
        }
        for (String pair : url.substring(question + 1).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            found.put(equals < 0 ? pair : pair.substring(0, equals), equals < 0 ? "" : pair.substring(equals + 1));
        }
        return found;
    }

    private static String text(ConnectionFactoryOptions options, Option<?> option) {
        Object value = options.getValue(option);
        return value == null ? null : value.toString();
    }

    /** The URL with any embedded password replaced, for error messages and logs. */
    static String redacted(String url) {
        return url.replaceAll("(//[^:/@]+:)[^@/]*@", "$1***@");
    }
}
