package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.OutgoingMessage;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

/**
 * Posts one message with the JDK's HTTP client and says what came of it. Never throws: every
 * failure is a {@link SendResult}. No redirects are followed (a webhook URL that redirects is
 * misconfigured, and following it would carry a signed body somewhere else).
 */
public final class HttpChannelSender {

    /** Enough of an error body to say why (Slack answers "invalid_payload", Teams a JSON error). */
    private static final int REASON_CHARACTERS = 200;

    private final HttpClient client;
    private final Duration timeout;
    private final Clock clock;

    public HttpChannelSender(Duration timeout, Clock clock) {
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
        this.timeout = timeout;
        this.clock = clock;
    }

    public Mono<SendResult> send(URI url, OutgoingMessage message) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("User-Agent", "FabricPulse")
                .POST(HttpRequest.BodyPublishers.ofByteArray(message.body()));
        message.headers().forEach(request::header);
        return Mono.fromFuture(() -> client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()))
                .map(this::result)
                .onErrorResume(e -> Mono.just(failure(e)));
    }

    private SendResult result(HttpResponse<byte[]> response) {
        String body = new String(response.body(), StandardCharsets.UTF_8);
        String start = body.length() <= REASON_CHARACTERS ? body : body.substring(0, REASON_CHARACTERS) + "…";
        return SendResult.ofStatus(response.statusCode(), response.headers().firstValue("Retry-After").orElse(null),
                start, clock.instant());
    }

    private SendResult failure(Throwable e) {
        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof HttpTimeoutException) {
            return new SendResult.Retry("no answer within " + timeout, null);
        }
        if (cause instanceof IOException) {
            return new SendResult.Retry("cannot reach the channel: " + cause, null);
        }
        if (cause instanceof IllegalArgumentException) {
            return new SendResult.Refused("cannot build the request: " + cause.getMessage());
        }
        return new SendResult.Retry("unexpected failure: " + cause, null);
    }
}
