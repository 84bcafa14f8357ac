package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.OutboundAddresses;
import io.fabricpulse.server.notify.OutgoingMessage;
import io.fabricpulse.server.notify.WebhookSink;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check at each post, on the address the post connects to: a name looked up now, a literal as written.
 * What the sink receives is the proof that nothing was sent where the policy says no.
 */
class HttpChannelSenderTest {

    private static final OutgoingMessage MESSAGE = new OutgoingMessage("{\"text\":\"hi\"}".getBytes(), Map.of());

    @Test
    void anInwardAddressIsRefusedAtThePostAndNothingIsSent() {
        try (WebhookSink sink = WebhookSink.start();
             HttpChannelSender strict = new HttpChannelSender(Duration.ofSeconds(5), Clock.systemUTC(),
                     OutboundAddresses.strict())) {
            SendResult literal = strict.send(sink.url("/hook"), MESSAGE).block();
            SendResult name = strict.send(URI.create(sink.url("/hook").toString().replace("127.0.0.1", "localhost")),
                    MESSAGE).block();

            assertThat(literal).isInstanceOf(SendResult.Refused.class);
            assertThat(((SendResult.Refused) literal).reason()).contains("127.0.0.1 is inward");
            assertThat(name).isInstanceOf(SendResult.Refused.class);
            assertThat(name.httpStatus()).isEmpty();
            assertThat(sink.received()).isEmpty();
        }
    }

    @Test
    void anAllowedRangeIsPostedToWithoutFollowingRedirects() {
        try (WebhookSink sink = WebhookSink.start(); WebhookSink elsewhere = WebhookSink.start();
             HttpChannelSender sender = new HttpChannelSender(Duration.ofSeconds(5), Clock.systemUTC(),
                     OutboundAddresses.allowing(List.of("127.0.0.1/32")))) {
            sink.thenAnswer(WebhookSink.Answer.status(307, "Location", elsewhere.url("/stolen").toString()));

            assertThat(sender.send(sink.url("/hook"), MESSAGE).block().httpStatus()).contains(307);
            assertThat(sender.send(sink.url("/hook"), MESSAGE).block()).isEqualTo(new SendResult.Delivered(200));
            assertThat(sink.received()).hasSize(2);
            assertThat(elsewhere.received()).isEmpty();
        }
    }
}
