package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.ChannelType;
import io.fabricpulse.server.notify.MessageContext;
import io.fabricpulse.server.notify.WebhookTarget;
import io.fabricpulse.server.notify.outbox.HttpChannelSender;
import io.fabricpulse.server.notify.outbox.SendResult;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Posts a test message to a webhook at once, bypassing the outbox: whoever presses "test" wants to
 * know now whether the URL and secret work, and a test must not be retried for a day.
 */
public final class WebhookTester {

    static final String TEST_RULE = "webhook-test";

    private final Map<ChannelType, ChannelFormat> formats;
    private final HttpChannelSender sender;
    private final URI publicUrl;
    private final Clock clock;

    public WebhookTester(Map<ChannelType, ChannelFormat> formats, HttpChannelSender sender, URI publicUrl, Clock clock) {
        this.formats = Map.copyOf(formats);
        this.sender = sender;
        this.publicUrl = publicUrl;
        this.clock = clock;
    }

    public Mono<SendResult> send(WebhookTarget target, String requestedBy) {
        Instant now = clock.instant();
        String id = "test-" + UUID.randomUUID();
        AlertNotice notice = new AlertNotice(AlertNotice.Kind.FIRING, id, TEST_RULE, AlertNotice.Severity.INFO,
                "Test message requested by " + requestedBy + ": FabricPulse can post to " + target.name(),
                null, null, null, List.of(), null, now, now, null, null, null, List.of());
        MessageContext context = new MessageContext(MessageContext.alertPage(publicUrl, id), id, now,
                target.spec().secret());
        return sender.send(target.spec().url(), formats.get(target.spec().type()).render(notice, context));
    }
}
