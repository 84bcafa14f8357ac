package io.fabricpulse.agent.push;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how batches are pushed.
 *
 * @param server         the server's base URL (http or https, optionally with a path prefix)
 * @param credential     what the agent proves who it is with
 * @param connectTimeout how long to wait for a TCP/TLS connection
 * @param requestTimeout how long to wait for the answer to one push
 */
public record IngestEndpoint(URI server, Credential credential, Duration connectTimeout, Duration requestTimeout) {

    public static final String INGEST_PATH = "api/v1/ingest";

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(15);

    public IngestEndpoint {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(credential, "credential");
        if (!("http".equals(server.getScheme()) || "https".equals(server.getScheme())) || server.getHost() == null) {
            throw new IllegalArgumentException("server URL must be http:// or https:// with a host: " + server);
        }
    }

    /** With a token given on the command line or in the environment. */
    public IngestEndpoint(URI server, String token, Duration connectTimeout, Duration requestTimeout) {
        this(server, Credential.fixed(token), connectTimeout, requestTimeout);
    }

    public IngestEndpoint(URI server, String token) {
        this(server, Credential.fixed(token), DEFAULT_CONNECT_TIMEOUT, DEFAULT_REQUEST_TIMEOUT);
    }

    public IngestEndpoint(URI server, Credential credential) {
        this(server, credential, DEFAULT_CONNECT_TIMEOUT, DEFAULT_REQUEST_TIMEOUT);
    }

    /** Whether {@code token} can travel in an Authorization header: printable ASCII, no blanks. */
    public static boolean isValidToken(String token) {
        return Credential.isValidToken(token);
    }

    /** {@code <server>/api/v1/ingest}, keeping any path prefix of the server URL. */
    public URI ingestUri() {
        String base = server.toString();
        return URI.create(base.endsWith("/") ? base + INGEST_PATH : base + "/" + INGEST_PATH);
    }

    @Override
    public String toString() {
        // never print the token
        return "IngestEndpoint[" + ingestUri() + "]";
    }
}
