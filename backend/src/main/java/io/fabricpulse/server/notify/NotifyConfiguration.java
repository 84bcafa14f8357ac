package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.discord.DiscordFormat;
import io.fabricpulse.server.notify.generic.GenericWebhookFormat;
import io.fabricpulse.server.notify.googlechat.GoogleChatFormat;
import io.fabricpulse.server.retry.Backoff;
import io.fabricpulse.server.notify.outbox.ChannelRateLimit;
import io.fabricpulse.server.notify.outbox.HttpChannelSender;
import io.fabricpulse.server.notify.outbox.OutboxDispatcher;
import io.fabricpulse.server.notify.outbox.OutboxRepository;
import io.fabricpulse.server.notify.outbox.OutboxSettings;
import io.fabricpulse.server.notify.slack.SlackFormat;
import io.fabricpulse.server.notify.teams.TeamsFormat;
import io.fabricpulse.server.notify.webhook.AllWebhooks;
import io.fabricpulse.server.notify.webhook.WebhookRepository;
import io.fabricpulse.server.notify.webhook.WebhookTester;
import io.fabricpulse.server.state.StoreRounds;
import io.fabricpulse.server.system.ReplicaName;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;

/** Wires notifications: the formats, the outbox and its dispatcher loop, the webhook directory. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(NotifyProperties.class)
class NotifyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(NotifyConfiguration.class);

    /** Every channel type's format; a type without one here fails the test that renders each type. */
    static Map<ChannelType, ChannelFormat> formats(JsonMapper json) {
        return Map.of(ChannelType.SLACK, new SlackFormat(json), ChannelType.TEAMS, new TeamsFormat(json),
                ChannelType.GOOGLE_CHAT, new GoogleChatFormat(json), ChannelType.DISCORD, new DiscordFormat(json),
                ChannelType.GENERIC, new GenericWebhookFormat(json));
    }

    @Bean
    WebhookDirectory webhookDirectory(NotifyProperties properties, WebhookRepository stored) {
        properties.targets().forEach(target -> log.info("Notifications to {} ({} at {}, min severity {})", target.name(),
                target.spec().type().configName(), target.spec().redactedUrl(), target.spec().minSeverity()));
        return new AllWebhooks(properties.targets(), stored);
    }

    /** Where webhooks may be posted: anywhere but inward, except {@code allowed-ranges}. */
    @Bean
    OutboundAddresses outboundAddresses(NotifyProperties properties) {
        return properties.outboundAddresses();
    }

    @Bean
    HttpChannelSender httpChannelSender(NotifyProperties properties, Clock clock, OutboundAddresses addresses) {
        return new HttpChannelSender(properties.timeout(), clock, addresses);
    }

    @Bean
    OutboxDispatcher outboxDispatcher(OutboxRepository outbox, WebhookDirectory webhooks, HttpChannelSender sender,
                                      JsonMapper json, Clock clock, MeterRegistry meters, NotifyProperties properties,
                                      ReplicaName replica) {
        OutboxSettings settings = new OutboxSettings(replica.value(), properties.lease(), properties.maxAge(),
                properties.batchSize(), properties.publicUri(), properties.history());
        return new OutboxDispatcher(outbox, webhooks, formats(json), sender,
                new Backoff(properties.initialBackoff(), properties.maxBackoff(), new SecureRandom()),
                new ChannelRateLimit(properties.rateLimit()), json, clock, meters, settings);
    }

    /** Runs the dispatcher while the server runs: every poll interval, and at once when something is queued. */
    @Bean
    StoreRounds outboxRounds(OutboxDispatcher dispatcher, NotifyProperties properties) {
        return new StoreRounds("notification outbox", () -> dispatcher.dispatchDue().then(), properties.pollInterval());
    }

    @Bean
    Notifications notifications(WebhookDirectory webhooks, OutboxRepository outbox, JsonMapper json, Clock clock,
                                StoreRounds outboxRounds) {
        return new Notifications(webhooks, outbox, json, clock, outboxRounds::wakeUp);
    }

    @Bean
    WebhookTester webhookTester(HttpChannelSender sender, JsonMapper json, Clock clock, NotifyProperties properties) {
        return new WebhookTester(formats(json), sender, properties.publicUri(), clock);
    }
}
