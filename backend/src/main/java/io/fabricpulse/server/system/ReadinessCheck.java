package io.fabricpulse.server.system;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A container health check for images without a shell or curl (ours hold only glibc and a Java
 * runtime): asks the server's readiness probe and exits 0 when it answers 200, 1 otherwise, with one
 * line saying why. Runs in its own short-lived JVM, without Spring:
 * {@code java -cp /app/fabricpulse-server.jar io.fabricpulse.server.system.ReadinessCheck [URL]}.
 */
public final class ReadinessCheck {

    static final URI DEFAULT_URL = URI.create("http://127.0.0.1:8080/actuator/health/readiness");
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private ReadinessCheck() {
    }

    public static void main(String[] args) {
        System.exit(check(args, System.out));
    }

    /** The exit code for these arguments: 0 ready, 1 not ready or unreachable, 2 wrong arguments. */
    static int check(String[] args, PrintStream out) {
        URI url;
        try {
            url = args.length == 0 ? DEFAULT_URL : URI.create(args[0]);
            if (args.length > 1 || !url.isAbsolute() || !url.getScheme().startsWith("http")) {
                throw new IllegalArgumentException("not an absolute http(s) URL: " + String.join(" ", args));
            }
        } catch (IllegalArgumentException e) {
            out.println("usage: ReadinessCheck [http://host:port/actuator/health/readiness]: " + e.getMessage());
            return 2;
        }
        HttpRequest request = HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build();
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                return 0;
            }
            out.println("not ready: " + url + " answered " + response.statusCode() + " " + response.body());
            return 1;
        } catch (IOException e) {
            out.println("not ready: " + url + " unreachable: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }
}
