package io.fabricpulse.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Pushes as an agent does: a server busy with other agents (the demo's own, on the browser tests' shared server) answers
 * 503 with Retry-After, and the push is sent again after it, a few times, before its answer is the test's to judge.
 */
public final class AgentPosts {

    private static final int BUSY_RETRIES = 10;

    private AgentPosts() {
    }

    /** The answer to {@code request}, sent again after each 503's Retry-After (at most {@value #BUSY_RETRIES} times). */
    public static HttpResponse<String> send(HttpRequest request) {
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
            for (int retry = 0; retry < BUSY_RETRIES && answer.statusCode() == 503; retry++) {
                Thread.sleep(1000L * Long.parseLong(answer.headers().firstValue("Retry-After").orElse("1")));
                answer = client.send(request, HttpResponse.BodyHandlers.ofString());
            }
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
