package io.fabricpulse.server.web;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The HTTP server we run on keeps reading a browser's keep-alive connection after a request that had to
 * wait for the previous one. Reactor Netty up to 1.3.7 queued such a request, answered it, and when that
 * answer was complete at once it never read from the connection again (reactor/reactor-netty#4361, fixed in
 * 1.3.8, which Spring Boot 4.1.2 brings): the next request on that connection stayed unanswered for good.
 * CI's browser tests saw exactly that, {@code /js/map.js} or {@code /js/shell.js} unanswered for 30 s while
 * every event loop of the server was idle. This pins the fixed behaviour of the version on our classpath:
 * a slow first request, a quick second one queued behind it, then a third on the same connection.
 */
class KeepAliveConnectionTest {

    private static final int PATIENCE_MS = 5_000;

    private final DisposableServer server = HttpServer.create().host("127.0.0.1").port(0)
            .handle((request, response) -> response.sendString(request.uri().equals("/slow")
                    ? Mono.delay(Duration.ofMillis(50)).thenReturn("slow")
                    : Mono.just("quick")))
            .bindNow(Duration.ofSeconds(10));

    @AfterEach
    void stop() {
        server.disposeNow();
    }

    @Test
    void aConnectionIsReadAgainAfterAQueuedRequestWasAnsweredAtOnce() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(PATIENCE_MS);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();

            out.write((get("/slow") + get("/quick")).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(readBody(in)).isEqualTo("slow");
            assertThat(readBody(in)).isEqualTo("quick");

            out.write(get("/next").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(readBody(in)).as("the next request on the same connection").isEqualTo("quick");
        }
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    /** One response's body; the server answers a one-element Mono with a Content-Length. */
    private static String readBody(InputStream in) throws IOException {
        String head = readHead(in);
        int length = head.lines()
                .filter(line -> line.toLowerCase(Locale.ROOT).startsWith("content-length:"))
                .mapToInt(line -> Integer.parseInt(line.substring(line.indexOf(':') + 1).strip()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("a response without Content-Length:\n" + head));
        return new String(in.readNBytes(length), StandardCharsets.US_ASCII);
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try {
            while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                int next = in.read();
                if (next < 0) {
                    fail("the server closed the connection; received so far: " + head.toString(StandardCharsets.US_ASCII));
                }
                head.write(next);
            }
        } catch (SocketTimeoutException silent) {
            fail("no answer within " + PATIENCE_MS + " ms on a keep-alive connection; received so far: "
                    + head.toString(StandardCharsets.US_ASCII));
        }
        return head.toString(StandardCharsets.US_ASCII);
    }
}
