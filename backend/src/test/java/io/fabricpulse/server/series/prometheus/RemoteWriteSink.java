package io.fabricpulse.server.series.prometheus;

import com.sun.net.httpserver.HttpServer;
import io.fabricpulse.server.series.prometheus.wire.RemoteWrite;
import org.xerial.snappy.Snappy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * A remote-write receiver for tests (the JDK's HTTP server): decodes each request (snappy, protobuf)
 * and answers as the test scripts it, by request number and request; PromQL paths answer a fixed body.
 */
final class RemoteWriteSink implements AutoCloseable {

    /** A scripted answer. */
    record Answer(int status, Map<String, String> headers, String body) {
        static Answer of(int status) {
            return new Answer(status, Map.of(), "");
        }
    }

    private final HttpServer server;
    final List<RemoteWrite.WriteRequest> received = new CopyOnWriteArrayList<>();
    final List<Integer> answered = new CopyOnWriteArrayList<>();
    /** Every request, answered with whatever status. */
    final List<RemoteWrite.WriteRequest> all = new CopyOnWriteArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile String promQlAnswer = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}";

    RemoteWriteSink(BiFunction<Integer, RemoteWrite.WriteRequest, Answer> script) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/write", exchange -> {
            RemoteWrite.WriteRequest request = RemoteWrite.WriteRequest.parseFrom(
                    Snappy.uncompress(exchange.getRequestBody().readAllBytes()));
            all.add(request);
            Answer answer = script.apply(requests.incrementAndGet(), request);
            if (answer.status() / 100 == 2) {
                received.add(request);
            }
            answered.add(answer.status());
            answer.headers().forEach(exchange.getResponseHeaders()::add);
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.createContext("/api/v1/query", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body = promQlAnswer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    void answerPromQl(String body) {
        promQlAnswer = body;
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    URI writeUrl() {
        return base().resolve("/api/v1/write");
    }

    int seriesReceived() {
        return received.stream().mapToInt(RemoteWrite.WriteRequest::getTimeseriesCount).sum();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
