package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.push.Credential;
import io.fabricpulse.agent.push.EnrolledCredential;
import io.fabricpulse.agent.push.IngestEndpoint;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --server}, and how the agent proves who it is: {@code --token} (a token issued for this agent, or a
 * small site's shared one), or {@code --bootstrap-token}, which the agent trades at its first push for a token
 * of its own, kept in {@code --credential-file}.
 */
final class ServerOptions {

    static final String TOKEN_ENV = "FABRICPULSE_AGENT_TOKEN";
    static final String BOOTSTRAP_ENV = "FABRICPULSE_BOOTSTRAP_TOKEN";
    /** Beside the spool: what a systemd unit's {@code StateDirectory=fabricpulse} and the chart's hostPath provide. */
    static final String SYSTEM_CREDENTIALS = "/var/lib/fabricpulse/credentials";
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    @Option(names = "--server", required = true, paramLabel = "URL", converter = ServerUrlConverter.class,
            split = ",", description = "Base URL of the FabricPulse server, e.g. https://fabricpulse.example.com."
            + " With several server replicas ('run' only), give each replica's own URL (repeat the option or"
            + " separate by commas): every batch goes to every replica, each with its own spool and back-off.")
    List<URI> servers;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "This agent's bearer token (issued for it in the server's settings, or a small site's "
                    + "shared token). Default: the environment variable " + TOKEN_ENV + ", which keeps it out of"
                    + " the process list.")
    String token;

    @Option(names = "--bootstrap-token", paramLabel = "TOKEN",
            description = "Enrol instead: at the first push, trade this token for one of this agent's own, kept in"
                    + " --credential-file and used from then on. Default: the environment variable " + BOOTSTRAP_ENV
                    + ". Ignored when a token is given.")
    String bootstrapToken;

    @Option(names = "--credential-file", paramLabel = "FILE",
            description = "Where an enrolled agent keeps its own token (mode 0600). Default: "
                    + SYSTEM_CREDENTIALS + "/<agent id>, or ~/.local/state/fabricpulse/credentials/<agent id> when"
                    + " that cannot be used.")
    Path credentialFile;

    /**
     * The endpoint with a given token only (what load generators use).
     *
     * @throws CommandLine.ParameterException when there is no usable token
     */
    IngestEndpoint endpoint(Map<String, String> environment, CommandSpec spec) {
        if (servers.size() != 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give one --server URL here (several are for"
                    + " 'run', which delivers every batch to every server replica)");
        }
        URI server = servers.getFirst();
        if (bootstrapToken != null || credentialFile != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--bootstrap-token and --credential-file are for 'run'; give --token TOKEN");
        }
        String bearer = given(token, environment.get(TOKEN_ENV));
        if (bearer == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "Missing the agent token: give --token TOKEN or set " + TOKEN_ENV);
        }
        return new IngestEndpoint(server, fixed(bearer, token != null ? "--token" : TOKEN_ENV, spec));
    }

    /**
     * The endpoint of {@code run}: a given token, else enrolment with a bootstrap token as agent {@code agentId}
     * in {@code role}.
     *
     * @throws CommandLine.ParameterException when there is neither
     */
    List<IngestEndpoint> endpoints(Map<String, String> environment, CommandSpec spec, String agentId, String role) {
        if (new LinkedHashSet<>(servers).size() != servers.size()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--server names a server twice: " + servers
                    + " (it would get every batch twice, from two spools)");
        }
        Credential credential = credential(environment, spec, agentId, role);
        return servers.stream().map(server -> new IngestEndpoint(server, credential)).toList();
    }

    /**
     * One credential for every server: replicas share the state store, which holds the agents' tokens. An
     * enrolling agent enrols at the first server.
     */
    private Credential credential(Map<String, String> environment, CommandSpec spec, String agentId, String role) {
        String bearer = given(token, environment.get(TOKEN_ENV));
        if (bearer != null) {
            return fixed(bearer, token != null ? "--token" : TOKEN_ENV, spec);
        }
        String bootstrap = given(bootstrapToken, environment.get(BOOTSTRAP_ENV));
        if (bootstrap == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing the agent token: give --token TOKEN "
                    + "or set " + TOKEN_ENV + "; or enrol with --bootstrap-token TOKEN (or set " + BOOTSTRAP_ENV + ")");
        }
        if (!Credential.isValidToken(bootstrap)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Invalid bootstrap token (from "
                    + (bootstrapToken != null ? "--bootstrap-token" : BOOTSTRAP_ENV)
                    + "): it must be printable ASCII without blanks");
        }
        Path file = credentialFile != null ? credentialFile : defaultCredentialFile(environment, agentId);
        return new EnrolledCredential(servers.getFirst(), bootstrap, agentId, role, file,
                IngestEndpoint.DEFAULT_REQUEST_TIMEOUT);
    }

    /** Plain http to another host sends the token and the counters in clear text. */
    boolean unencryptedToAnotherHost() {
        return servers.stream().anyMatch(server -> "http".equals(server.getScheme())
                && !LOOPBACK.contains(server.getHost()));
    }

    private static String given(String option, String environment) {
        String value = option != null ? option : environment;
        return value == null || value.isBlank() ? null : value;
    }

    private static Credential fixed(String bearer, String from, CommandSpec spec) {
        if (!Credential.isValidToken(bearer)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Invalid token (from " + from
                    + "): it must be printable ASCII without blanks");
        }
        return Credential.fixed(bearer);
    }

    /** The system directory when it can be used, else the per-user state directory (as the spool does). */
    private static Path defaultCredentialFile(Map<String, String> environment, String agentId) {
        Path system = Path.of(SYSTEM_CREDENTIALS);
        try {
            Files.createDirectories(system);
            if (Files.isWritable(system)) {
                return system.resolve(agentId);
            }
        } catch (IOException | SecurityException e) {
            // not root, or a read-only system: the user's own state directory below
        }
        String state = environment.get("XDG_STATE_HOME");
        Path base = state != null && Path.of(state).isAbsolute() ? Path.of(state, "fabricpulse")
                : Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".local", "state",
                "fabricpulse");
        return base.resolve("credentials").resolve(agentId);
    }
}
