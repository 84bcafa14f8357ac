package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.notify.AlertNotice.Severity;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.ChannelType;
import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.Notifications;
import io.fabricpulse.server.notify.WebhookSpec;
import io.fabricpulse.server.notify.WebhookTarget;
import io.fabricpulse.server.notify.discord.DiscordFormat;
import io.fabricpulse.server.notify.generic.GenericWebhookFormat;
import io.fabricpulse.server.notify.googlechat.GoogleChatFormat;
import io.fabricpulse.server.notify.slack.SlackFormat;
import io.fabricpulse.server.notify.teams.TeamsFormat;
import io.fabricpulse.server.notify.webhook.AllWebhooks;
import io.fabricpulse.server.notify.webhook.WebhookRepository;
import io.fabricpulse.server.retry.Backoff;
import io.fabricpulse.server.state.StateDatabase;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Notifications and dispatchers built the way NotifyConfiguration builds them, over a test database,
 * a clock the test moves and a seeded random: what a server (or several replicas) would run.
 */
final class OutboxRig {

    static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    /**
     * Real time: how long the sink may take before an attempt counts as timed out. Generous: a first
     * request on a busy machine (class loading, JIT) can take several hundred milliseconds.
     */
    static final Duration HTTP_TIMEOUT = Duration.ofSeconds(2);
    static final Duration MAX_BACKOFF = Duration.ofSeconds(8);
    static final Duration HISTORY = Duration.ofDays(30);

    final MutableClock clock = new MutableClock(T0);
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final List<WebhookTarget> configured;
    private StateDatabase state;

    OutboxRig(StateDatabase state, List<WebhookTarget> configured) {
        this.state = state;
        this.configured = List.copyOf(configured);
    }

    static WebhookTarget target(String key, ChannelType type, URI url, String secret, Severity minSeverity,
                                Set<String> clusters) {
        return new WebhookTarget(key, key, new WebhookSpec(type, url, secret, minSeverity, clusters), true, true);
    }

    static WebhookTarget slack(String key, URI url) {
        return target(key, ChannelType.SLACK, url, null, Severity.INFO, Set.of());
    }

    /** After a "restart": the same rig over a new connection to the same data. */
    void use(StateDatabase reopened) {
        this.state = reopened;
    }

    OutboxRepository outbox() {
        return new OutboxRepository(state.client());
    }

    AllWebhooks webhooks() {
        return new AllWebhooks(configured, new WebhookRepository(state.client()));
    }

    Notifications notifications() {
        return new Notifications(webhooks(), outbox(), FormatHarness.JSON, clock, () -> { });
    }

    OutboxDispatcher dispatcher(String owner, Duration rateLimit, Duration maxAge) {
        Map<ChannelType, ChannelFormat> formats = Map.of(ChannelType.SLACK, new SlackFormat(FormatHarness.JSON),
                ChannelType.TEAMS, new TeamsFormat(FormatHarness.JSON), ChannelType.GOOGLE_CHAT,
                new GoogleChatFormat(FormatHarness.JSON), ChannelType.DISCORD, new DiscordFormat(FormatHarness.JSON),
                ChannelType.GENERIC, new GenericWebhookFormat(FormatHarness.JSON));
        return new OutboxDispatcher(outbox(), webhooks(), formats, new HttpChannelSender(HTTP_TIMEOUT, clock),
                new Backoff(Duration.ofSeconds(1), MAX_BACKOFF, new Random(7)), new ChannelRateLimit(rateLimit),
                FormatHarness.JSON, clock, meters,
                new OutboxSettings(owner, Duration.ofMinutes(1), maxAge, 50, FormatHarness.PUBLIC_URL, HISTORY));
    }

    OutboxDispatcher dispatcher(String owner) {
        return dispatcher(owner, Duration.ZERO, Duration.ofHours(1));
    }

    int dispatch(OutboxDispatcher dispatcher) {
        return dispatcher.dispatchDue().block(Duration.ofSeconds(30));
    }

    long open() {
        return outbox().countOpen().block();
    }

    double counted(String outcome) {
        Counter counter = meters.find(OutboxDispatcher.METRIC).tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }
}
