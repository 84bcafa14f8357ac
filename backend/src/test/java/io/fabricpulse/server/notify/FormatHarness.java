package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.outbox.HttpChannelSender;
import io.fabricpulse.server.notify.outbox.SendResult;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Posts a rendered notice over real HTTP to a {@link WebhookSink} and hands back what arrived, so
 * a format test reads the JSON a channel would receive.
 */
public final class FormatHarness implements AutoCloseable {

    public static final JsonMapper JSON = JsonMapper.builder().build();
    public static final URI PUBLIC_URL = URI.create("https://fabricpulse.example.org");
    public static final Instant SENT_AT = Instant.parse("2026-03-01T12:05:00Z");

    private final WebhookSink sink = WebhookSink.start();
    private final HttpChannelSender sender = new HttpChannelSender(Duration.ofSeconds(10),
            Clock.fixed(SENT_AT, ZoneOffset.UTC), WebhookSink.REACHABLE);

    public WebhookSink.Received post(ChannelFormat format, AlertNotice notice, String secret) {
        MessageContext context = new MessageContext(MessageContext.alertPage(PUBLIC_URL, notice.alertId()),
                "key-" + notice.eventKey(), SENT_AT, secret);
        SendResult result = sender.send(sink.url("/hook"), format.render(notice, context)).block();
        assertThat(result).isInstanceOf(SendResult.Delivered.class);
        assertThat(sink.received()).isNotEmpty();
        WebhookSink.Received received = sink.received().getLast();
        assertThat(received.header("Content-Type")).isEqualTo("application/json");
        return received;
    }

    @Override
    public void close() {
        sink.close();
    }
}
