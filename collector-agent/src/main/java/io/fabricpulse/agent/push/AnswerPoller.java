package io.fabricpulse.agent.push;

import io.fabricpulse.agent.logging.OnceLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The agent's long-poll: one request held open to a server ({@code GET <server>/api/v1/ingest/answers/<agent-id>},
 * its own credential), answered when the server has something for it (an order, a new sweep shard) or empty after
 * the server's hold (~25 s); every answer goes to the same reader as the ingest answers, and the next poll starts at
 * once. The agent opens the connection, so it needs no inbound port; while it is open the server knows the agent
 * lives, and when the process ends the kernel closes it, which tells the server the agent has gone.
 *
 * <p>A server that cannot be reached or refuses is left for the next one (replicas share the state store), after a
 * back-off of 1 s doubling to 30 s; one without the endpoint (404, an older server) is asked again every 5 minutes:
 * meanwhile the orders ride in the push answers, as they always can.
 */
public final class AnswerPoller implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AnswerPoller.class);
    /** Longer than any server's hold: the server answers first. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final Duration NOT_SERVED_PAUSE = Duration.ofMinutes(5);
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    private final List<IngestEndpoint> endpoints;
    private final String agentId;
    private final LongSupplier sweepVersion;
    private final Consumer<byte[]> answers;
    private final HttpClient http;
    private final OnceLog problems = new OnceLog(log);
    private volatile Thread thread;
    private volatile boolean closed;

    /**
     * @param sweepVersion the version of the sweep shard this agent has (0: none): the server answers at once when
     *                     it has another
     * @param answers      gets every answer's body; runs on the poll thread, so the next poll waits for it
     */
    public AnswerPoller(List<IngestEndpoint> endpoints, String agentId, LongSupplier sweepVersion,
                        Consumer<byte[]> answers) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("at least one server to poll");
        }
        this.endpoints = List.copyOf(endpoints);
        this.agentId = agentId;
        this.sweepVersion = sweepVersion;
        this.answers = answers;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(endpoints.getFirst().connectTimeout()).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public synchronized void start() {
        if (thread == null && !closed) {
            thread = Thread.ofPlatform().name("fabricpulse-answers").daemon(true).start(this::run);
        }
    }

    private void run() {
        int server = 0;
        int failures = 0;
        while (!closed) {
            IngestEndpoint endpoint = endpoints.get(server % endpoints.size());
            Duration pause;
            try {
                pause = pollOnce(endpoint);
            } catch (InterruptedException e) {
                return;
            }
            if (pause.isZero()) {
                failures = 0;
                continue;
            }
            failures++;
            server++;
            Duration backoff = Duration.ofSeconds(1L << Math.min(failures - 1, 5));
            try {
                Thread.sleep(pause.equals(NOT_SERVED_PAUSE) ? pause : backoff.compareTo(MAX_BACKOFF) > 0
                        ? MAX_BACKOFF : backoff);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One poll; how long to wait before the next one (zero: at once). */
    private Duration pollOnce(IngestEndpoint endpoint) throws InterruptedException {
        String where = endpoint.ingestUri().toString();
        try {
            URI uri = URI.create(endpoint.ingestUri() + "/answers/"
                    + URLEncoder.encode(agentId, StandardCharsets.UTF_8) + "?sweep=" + sweepVersion.getAsLong());
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(REQUEST_TIMEOUT)
                    .header("Authorization", "Bearer " + endpoint.credential().token())
                    .header("Accept", "application/json, application/problem+json")
                    .GET()
                    .build();
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            int status = response.statusCode();
            if (status == 200) {
                problems.clear("poll", () -> "long-poll to " + where + " open again");
                byte[] body = response.body();
                if (body.length <= MAX_ANSWER_BYTES) {
                    answers.accept(body);
                }
                return Duration.ZERO;
            }
            if (status == 404 || status == 405) {
                problems.warn("poll", "not served", () -> "long-poll: " + where + " has none (HTTP " + status
                        + ", an older server?): orders come with the push answers; asking again every 5 minutes");
                return NOT_SERVED_PAUSE;
            }
            problems.warn("poll", "HTTP " + status, () -> "long-poll to " + where + ": HTTP " + status
                    + "; orders come with the push answers meanwhile, trying again");
            return Duration.ofSeconds(1);
        } catch (IOException | Credential.CredentialUnavailableException | IllegalArgumentException e) {
            if (closed) {
                throw new InterruptedException("closed");
            }
            problems.warn("poll", e.getClass().getSimpleName(), () -> "long-poll to " + where + " failed: " + e
                    + "; orders come with the push answers meanwhile, trying again");
            return Duration.ofSeconds(1);
        }
    }

    /** Ends the poll (its connection closes: the server takes that as this agent going) and the thread. */
    @Override
    public void close() {
        closed = true;
        Thread running = thread;
        if (running != null) {
            running.interrupt();
        }
        http.shutdownNow();
    }
}
