package io.fabricpulse.server.notify;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP server standing in for Slack, Teams, a ticket system...: records every request and
 * answers as scripted (a status with headers, or no answer at all until closed); 200 when nothing is
 * scripted.
 */
public final class WebhookSink implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** What a sender posting to sinks must allow: the sinks listen on 127.0.0.1, an inward address. */
    public static final OutboundAddresses REACHABLE = OutboundAddresses.allowing(List.of("127.0.0.1/32"));

    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Deque<Answer> script = new ConcurrentLinkedDeque<>();
    private final List<Received> received = new ArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    private WebhookSink() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    public static WebhookSink start() {
        try {
            return new WebhookSink();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the test webhook sink", e);
        }
    }

    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** The next requests are answered like this, in order; afterwards 200 again. */
    public WebhookSink thenAnswer(Answer... answers) {
        script.addAll(List.of(answers));
        return this;
    }

    /** Every request so far, answered or not. */
    public synchronized List<Received> received() {
        return List.copyOf(received);
    }

    /** The requests answered with a 2xx: what the channel took. */
    public synchronized List<Received> accepted() {
        return received.stream().filter(request -> request.status() >= 200 && request.status() < 300).toList();
    }

    /** The first accepted message after the first {@code skip} whose JSON has every one of {@code words}; null while none. */
    public JsonNode acceptedAfter(int skip, String... words) {
        List<Received> accepted = accepted();
        for (Received message : accepted.subList(Math.min(skip, accepted.size()), accepted.size())) {
            JsonNode json = message.json();
            String all = json.toString();
            if (List.of(words).stream().allMatch(all::contains)) {
                return json;
            }
        }
        return null;
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Map<String, String> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.getFirst()));
        Answer answer = script.pollFirst();
        if (answer == null) {
            answer = Answer.status(200);
        }
        synchronized (this) {
            received.add(new Received(exchange.getRequestURI().getPath(), headers, body, answer.status()));
        }
        if (answer.hang()) {
            try {
                closing.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        byte[] reply = (answer.status() < 300 ? "ok" : "error " + answer.status()).getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), reply.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(reply);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        threads.shutdownNow();
    }

    /** How the sink answers one request; {@code hang}: never (the client times out), status is then 0. */
    public record Answer(int status, Map<String, String> headers, boolean hang) {

        public static Answer status(int status) {
            return new Answer(status, Map.of(), false);
        }

        public static Answer status(int status, String header, String value) {
            return new Answer(status, Map.of(header, value), false);
        }

        public static Answer noAnswer() {
            return new Answer(0, Map.of(), true);
        }
    }

    /** One request as the sink saw it; header names lower-case. */
    public record Received(String path, Map<String, String> headers, byte[] body, int status) {

        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }
}
