package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.push.IngestEndpoint;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.net.URI;
import java.util.Map;
import java.util.Set;

/** {@code --server} and {@code --token}: where batches go and how the agent proves who it is. */
final class ServerOptions {

    static final String TOKEN_ENV = "FABRICPULSE_AGENT_TOKEN";
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    @Option(names = "--server", required = true, paramLabel = "URL", converter = ServerUrlConverter.class,
            description = "Base URL of the FabricPulse server, e.g. https://fabricpulse.example.com")
    URI server;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "This agent's bearer token. Default: the environment variable " + TOKEN_ENV
                    + ", which keeps it out of the process list.")
    String token;

    /**
     * The endpoint with the token from {@code --token} or the environment.
     *
     * @throws CommandLine.ParameterException when there is no usable token
     */
    IngestEndpoint endpoint(Map<String, String> environment, CommandSpec spec) {
        String bearer = token != null ? token : environment.get(TOKEN_ENV);
        if (bearer == null || bearer.isBlank()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "Missing the agent token: give --token TOKEN or set " + TOKEN_ENV);
        }
        if (!IngestEndpoint.isValidToken(bearer)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Invalid token (from "
                    + (token != null ? "--token" : TOKEN_ENV) + "): it must be printable ASCII without blanks");
        }
        return new IngestEndpoint(server, bearer);
    }

    /** Plain http to another host sends the token and the counters in clear text. */
    boolean unencryptedToAnotherHost() {
        return "http".equals(server.getScheme()) && !LOOPBACK.contains(server.getHost());
    }
}
