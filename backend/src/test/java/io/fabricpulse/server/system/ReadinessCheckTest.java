package io.fabricpulse.server.system;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The image's health check against a real HTTP server answering as the readiness probe would. */
class ReadinessCheckTest {

    private HttpServer server;
    private volatile int status = 200;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/health/readiness", exchange -> {
            byte[] body = (status == 200 ? "{\"status\":\"UP\"}" : "{\"status\":\"OUT_OF_SERVICE\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void readyWhenTheProbeAnswers200() {
        assertThat(check(url())).isZero();
        assertThat(output.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void notReadyWhenTheProbeAnswersOtherwiseAndSaysWhat() {
        status = 503;
        assertThat(check(url())).isEqualTo(1);
        assertThat(output.toString(StandardCharsets.UTF_8)).contains("answered 503").contains("OUT_OF_SERVICE");
    }

    @Test
    void notReadyWhenNothingListens() {
        String url = url();
        server.stop(0);
        assertThat(check(url)).isEqualTo(1);
        assertThat(output.toString(StandardCharsets.UTF_8)).contains("unreachable");
    }

    @Test
    void wrongArgumentsAreAUsageError() {
        assertThat(check("not a url")).isEqualTo(2);
        assertThat(check("ftp://host/x")).isEqualTo(2);
        assertThat(check(url(), "extra")).isEqualTo(2);
        assertThat(output.toString(StandardCharsets.UTF_8)).contains("usage: ReadinessCheck");
    }

    private int check(String... args) {
        return ReadinessCheck.check(args, new PrintStream(output, true, StandardCharsets.UTF_8));
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/actuator/health/readiness";
    }
}
