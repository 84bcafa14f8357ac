package io.fabricpulse.server.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private PostgreSQL cluster for tests, from the distribution's own binaries (Debian: package
 * {@code postgresql}, binaries in {@code /usr/lib/postgresql/<version>/bin}): {@code initdb} into a
 * new temporary directory, {@code pg_ctl start} on a free loopback port with the socket in that
 * directory, and on {@link #close()} {@code pg_ctl stop} (or, failing that, a kill of the recorded
 * postmaster process) and the directory removed.
 *
 * <p>PostgreSQL refuses to run as root; as root every command runs as the {@code postgres} user
 * through {@code runuser}, and the directory is handed to that user. Local (socket) connections
 * are trusted, for setting up roles; TCP connections need a password (SCRAM), like production.
 * Durability is off (fsync, synchronous commit): a test cluster is thrown away.
 */
public final class PostgresServer implements AutoCloseable {

    /** Set to a PostgreSQL bin directory to use other binaries than the newest under /usr/lib/postgresql. */
    public static final String BIN_DIRECTORY_VARIABLE = "FABRICPULSE_PG_BIN";
    private static final Path DEBIAN_VERSIONS = Path.of("/usr/lib/postgresql");
    private static final long COMMAND_TIMEOUT_SECONDS = 120;

    private final Path binaries;
    private final Path directory;
    private final Path data;
    private final Path sockets;
    private final int port;
    private final boolean asPostgresUser;
    private final SecureRandom random = new SecureRandom();
    private long postmasterPid;
    /** Stops the cluster if the test JVM ends without closing it (a killed build), so no server outlives it. */
    private final Thread stopAtExit = new Thread(this::stopAndRemove, "stop-test-postgres");

    /** A database with its own owner role, reachable over TCP with a password. */
    public record Database(String host, int port, String name, String user, String password) {

        public String r2dbcUrl() {
            return "r2dbc:postgresql://" + host + ":" + port + "/" + name;
        }

        public String jdbcUrl() {
            return "jdbc:postgresql://" + host + ":" + port + "/" + name;
        }

        @Override
        public String toString() {
            return "Database[" + r2dbcUrl() + ", user=" + user + "]";
        }
    }

    private PostgresServer(Path binaries) throws IOException {
        this.binaries = binaries;
        this.asPostgresUser = isRoot();
        this.directory = Files.createTempDirectory("fabricpulse-pg-");
        this.data = directory.resolve("data");
        this.sockets = directory.resolve("run");
        Files.createDirectory(sockets);
        this.port = freePort();
        if (asPostgresUser) {
            UserPrincipal postgres = FileSystems.getDefault().getUserPrincipalLookupService()
                    .lookupPrincipalByName("postgres");
            Files.setOwner(directory, postgres);
            Files.setOwner(sockets, postgres);
        }
    }

    /** The directory with {@code initdb} and {@code pg_ctl}, if PostgreSQL is installed. */
    public static Optional<Path> binaries() {
        String configured = System.getenv(BIN_DIRECTORY_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(bin -> Files.isExecutable(bin.resolve("initdb")));
        }
        if (!Files.isDirectory(DEBIAN_VERSIONS)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(DEBIAN_VERSIONS)) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.comparingInt(PostgresServer::majorVersion));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Creates and starts a new cluster with the given binaries. */
    public static PostgresServer start(Path binaries) throws IOException, InterruptedException {
        PostgresServer server = new PostgresServer(binaries);
        try {
            server.run(List.of(binaries.resolve("initdb").toString(), "-D", server.data.toString(), "-U", "postgres",
                    "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"));
            server.run(List.of(binaries.resolve("pg_ctl").toString(), "-D", server.data.toString(),
                    "-l", server.directory.resolve("postgres.log").toString(), "-w", "-t", "60",
                    "-o", "-p " + server.port + " -k " + server.sockets + " -c listen_addresses=127.0.0.1"
                            + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
                    "start"));
            server.postmasterPid = Long.parseLong(
                    Files.readAllLines(server.data.resolve("postmaster.pid"), StandardCharsets.UTF_8).getFirst().strip());
            Runtime.getRuntime().addShutdownHook(server.stopAtExit);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Creates a new, empty database owned by a new role with a random password. */
    public Database createDatabase(String name) throws IOException, InterruptedException {
        if (!name.matches("[a-z][a-z0-9_]{0,40}")) {
            throw new IllegalArgumentException("database names here are lower-case SQL identifiers: " + name);
        }
        byte[] secret = new byte[16];
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        run(List.of(binaries.resolve("psql").toString(), "-h", sockets.toString(), "-p", Integer.toString(port),
                "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q",
                "-c", "CREATE ROLE " + name + " LOGIN PASSWORD '" + password + "'",
                "-c", "CREATE DATABASE " + name + " OWNER " + name));
        return new Database("127.0.0.1", port, name, name, password);
    }

    public int port() {
        return port;
    }

    /** Stops the cluster and removes its directory. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalArgumentException | IllegalStateException notRegisteredOrShuttingDown) {
            // Never registered (start failed), or the JVM is exiting and the hook runs anyway.
        }
        stopAndRemove();
    }

    private synchronized void stopAndRemove() {
        if (Files.isRegularFile(data.resolve("postmaster.pid"))) {
            try {
                run(List.of(binaries.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "fast", "-w", "stop"));
            } catch (IOException | RuntimeException e) {
                ProcessHandle.of(postmasterPid).ifPresent(ProcessHandle::destroyForcibly);
            } catch (InterruptedException e) {
                ProcessHandle.of(postmasterPid).ifPresent(ProcessHandle::destroyForcibly);
                Thread.currentThread().interrupt();
            }
        }
        deleteRecursively(directory);
    }

    private void run(List<String> command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgresUser) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        // Output to a file, not a pipe: pg_ctl's server child must not hold a pipe we wait on.
        Path output = Files.createTempFile("fabricpulse-pg-command-", ".log");
        try {
            Process process = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(output.toFile())
                    .directory(directory.toFile()).start();
            if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed with exit code " + process.exitValue() + ": "
                        + Files.readString(output, StandardCharsets.UTF_8).strip() + serverLog());
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private String serverLog() {
        Path log = directory.resolve("postgres.log");
        try {
            return Files.isRegularFile(log) ? "\nserver log:\n" + Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static int majorVersion(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** PostgreSQL will not run as root (uid 0), whose user name is root on every Linux this runs on. */
    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new IllegalStateException("cannot remove the test cluster's " + path, e);
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("cannot remove the test cluster in " + root, e);
        }
    }
}
