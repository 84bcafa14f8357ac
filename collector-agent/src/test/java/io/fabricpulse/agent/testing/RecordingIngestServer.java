package io.fabricpulse.agent.testing;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.WireFormat;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

/**
 * A real HTTP server (the JDK's) on a loopback port (a free one unless given) that records every request to
 * {@code /api/v1/ingest} with the status it answered, and answers with scripted responses (202 when the
 * script is empty). The agents' long-poll it answers 404 unrecorded, as a server without one. An outage is this server closed and a new one started later on the same port.
 */
public final class RecordingIngestServer implements AutoCloseable {

    /** A request as it arrived, and the status it was answered with. */
    public record Request(String method, String path, Headers headers, byte[] body, int status) {

        public boolean accepted() {
            return status >= 200 && status < 300;
        }

        public String header(String name) {
            return headers.getFirst(name);
        }

        /** The body un-gzipped, as JSON text: a Smile body (what agents send) transcoded, a JSON one as it came. */
        public String json() {
            byte[] document = inflate(body);
            return WireFormat.sniff(document, document.length) == WireFormat.SMILE
                    ? MAPPER.writeValueAsString(SMILE.readTree(document))
                    : new String(document, StandardCharsets.UTF_8);
        }

        public IngestBatch batch() {
            return MAPPER.readValue(json(), IngestBatch.class);
        }
    }

    /** An answer to send. */
    public record Response(int status, Map<String, String> headers, String body) {

        public static Response status(int status) {
            return new Response(status, Map.of(), "");
        }

        public static Response problem(int status, String detail) {
            return new Response(status, Map.of("Content-Type", "application/problem+json"),
                    "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":" + status
                            + ",\"detail\":" + MAPPER.writeValueAsString(detail) + "}");
        }
    }

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final SmileMapper SMILE = SmileMapper.builder().build();
    /** The agents' long-poll for their answers, which this server does not serve (404). */
    private static final String ANSWER_POLL = "/api/v1/ingest/answers/";

    private final HttpServer server;
    private final BlockingQueue<Request> requests = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Response> script = new ConcurrentLinkedQueue<>();
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final Map<String, AtomicInteger> inFlightByAgent = new ConcurrentHashMap<>();
    private final AtomicInteger maxInFlightOfOneAgent = new AtomicInteger();

    public RecordingIngestServer() {
        this(0);
    }

    /** A server on {@code port} of the loopback address; 0 picks a free one. */
    public RecordingIngestServer(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        // a thread per request, so the server would see concurrent pushes if a client made them
        server.setExecutor(handlers);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The server's base URL, e.g. http://127.0.0.1:41234 */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Queues answers for the next requests, in order. */
    public RecordingIngestServer thenAnswer(Response... responses) {
        script.addAll(List.of(responses));
        return this;
    }

    /** The next recorded request, waiting up to 10 s for it. */
    public Request takeRequest() throws InterruptedException {
        return takeRequest(java.time.Duration.ofSeconds(10));
    }

    /** The next recorded request, waiting up to {@code wait} for it. */
    public Request takeRequest(java.time.Duration wait) throws InterruptedException {
        Request request = requests.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (request == null) {
            throw new AssertionError("no request arrived within " + wait);
        }
        return request;
    }

    /** The most requests that were being handled at the same time. */
    public int maxConcurrentRequests() {
        return maxInFlight.get();
    }

    /** The most requests of one agent (by the batch's agent id) that were being handled at the same time. */
    public int maxConcurrentRequestsOfOneAgent() {
        return maxInFlightOfOneAgent.get();
    }

    /** Requests recorded and not taken yet. */
    public List<Request> drain() {
        List<Request> all = new java.util.ArrayList<>();
        requests.drainTo(all);
        return all;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (exchange.getRequestURI().getPath().startsWith(ANSWER_POLL)) {
                // The agents' long-poll: this server has none, as a server older than it, so agents push only.
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            Response response;
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            AtomicInteger agentInFlight = null;
            try {
                byte[] body = exchange.getRequestBody().readAllBytes();
                agentInFlight = inFlightByAgent.computeIfAbsent(agentOf(body), id -> new AtomicInteger());
                maxInFlightOfOneAgent.accumulateAndGet(agentInFlight.incrementAndGet(), Math::max);
                Response scripted = script.poll();
                response = scripted != null ? scripted : Response.status(202);
                requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        exchange.getRequestHeaders(), body, response.status()));
            } finally {
                // before the answer goes out: a client that waits for it cannot overlap its next request
                // with this one, however late this thread gets to run again
                inFlight.decrementAndGet();
                if (agentInFlight != null) {
                    agentInFlight.decrementAndGet();
                }
            }
            response.headers().forEach(exchange.getResponseHeaders()::add);
            byte[] answer = response.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(response.status(), answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                exchange.getResponseBody().write(answer);
            }
        }
    }

    private static String agentOf(byte[] body) {
        try {
            byte[] document = inflate(body);
            return (WireFormat.sniff(document, document.length) == WireFormat.SMILE ? SMILE : MAPPER)
                    .readTree(document).path("agentId").asString("?");
        } catch (RuntimeException e) {
            return "?";
        }
    }

    private static byte[] inflate(byte[] body) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("body is not gzip", e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
