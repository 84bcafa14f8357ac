package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.OutboundAddresses;
import io.fabricpulse.server.notify.OutgoingMessage;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.handler.timeout.ReadTimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;
import reactor.netty.http.client.PrematureCloseException;
import reactor.netty.resources.ConnectionProvider;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;

/**
 * Posts one message and says what came of it. Never throws: every failure is a {@link SendResult}.
 * Every post connects only to an address {@link OutboundAddresses} allows, checked when it is looked up
 * for this post ({@link CheckedAddressResolver}); an inward one is {@link SendResult.Refused} and nothing
 * is sent. No redirects are followed (a webhook URL that redirects is misconfigured, and following it would
 * carry a signed body somewhere else). Of the answer only the status, Retry-After and the start of the body
 * are kept (for the log: Slack answers "invalid_payload", Teams a JSON error); a channel sending more is cut
 * off there.
 */
public final class HttpChannelSender implements AutoCloseable {

    /** Enough of an error body to say why. */
    private static final int REASON_BYTES = 200;

    private final HttpClient client;
    private final ConnectionProvider connections;
    private final ExecutorService lookups;
    private final Duration timeout;
    private final Clock clock;

    public HttpChannelSender(Duration timeout, Clock clock, OutboundAddresses addresses) {
        this.timeout = timeout;
        this.clock = clock;
        this.lookups = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("fabricpulse-webhook-lookup-", 0)
                .factory());
        this.connections = ConnectionProvider.builder("fabricpulse-webhooks").maxConnections(50)
                .maxIdleTime(Duration.ofSeconds(30)).build();
        this.client = HttpClient.create(connections)
                .resolver(new CheckedAddressResolver(addresses, lookups))
                .followRedirect(false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .responseTimeout(timeout)
                .headers(headers -> headers.set("User-Agent", "FabricPulse").set("Content-Type", "application/json"));
        // Reactor Netty's own warm-up (its classes, event loops and resolver), in the background at startup: without it
        // the first alert after a start paid for them on its way to chat.
        this.client.warmup().onErrorComplete().subscribe();
    }

    public Mono<SendResult> send(URI url, OutgoingMessage message) {
        return Mono.defer(() -> client
                        .headers(headers -> message.headers().forEach(headers::set))
                        .post()
                        .uri(url)
                        .send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(message.body())))
                        .responseConnection((response, connection) -> connection.inbound().receive().asByteArray()
                                .scan(new byte[0], HttpChannelSender::keepStart)
                                .takeUntil(start -> start.length >= REASON_BYTES)
                                .last(new byte[0])
                                .doFinally(done -> connection.dispose())
                                .map(start -> result(response, start)))
                        .next()
                        .timeout(timeout.plusSeconds(1)))
                .onErrorResume(e -> Mono.just(failure(e)));
    }

    private static byte[] keepStart(byte[] start, byte[] more) {
        int keep = Math.min(REASON_BYTES - start.length, more.length);
        if (keep <= 0) {
            return start;
        }
        byte[] joined = java.util.Arrays.copyOf(start, start.length + keep);
        System.arraycopy(more, 0, joined, start.length, keep);
        return joined;
    }

    private SendResult result(HttpClientResponse response, byte[] start) {
        String body = new String(start, StandardCharsets.UTF_8);
        String text = start.length < REASON_BYTES ? body : body + "…";
        return SendResult.ofStatus(response.status().code(), response.responseHeaders().get("Retry-After"), text,
                clock.instant());
    }

    private SendResult failure(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && !(cause instanceof OutboundAddresses.OutboundRefusedException)) {
            if (cause instanceof TimeoutException || cause instanceof ReadTimeoutException) {
                break;
            }
            cause = cause.getCause();
        }
        if (cause instanceof OutboundAddresses.OutboundRefusedException refused) {
            return new SendResult.Refused("not sent: " + refused.getMessage());
        }
        if (cause instanceof TimeoutException || cause instanceof ReadTimeoutException
                || e instanceof TimeoutException) {
            return new SendResult.Retry("no answer within " + timeout, null);
        }
        if (cause instanceof IOException || cause instanceof PrematureCloseException) {
            return new SendResult.Retry("cannot reach the channel: " + cause, null);
        }
        if (cause instanceof IllegalArgumentException) {
            return new SendResult.Refused("cannot build the request: " + cause.getMessage());
        }
        return new SendResult.Retry("unexpected failure: " + cause, null);
    }

    @Override
    public void close() {
        connections.dispose();
        lookups.shutdownNow();
    }
}
