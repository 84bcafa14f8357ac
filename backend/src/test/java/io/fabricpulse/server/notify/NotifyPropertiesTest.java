package io.fabricpulse.server.notify;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** fabricpulse.notify.* as Spring binds it from application.yml or the environment, and its checks. */
class NotifyPropertiesTest {

    private static NotifyProperties bind(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("fabricpulse.notify",
                NotifyProperties.class);
    }

    private static String refusal(Map<String, String> settings) {
        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> bind(settings));
        assertThat(failure).isInstanceOf(BindException.class);
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }

    @Test
    void theIssuesExampleBindsWithDefaults() {
        NotifyProperties properties = bind(Map.of(
                "fabricpulse.notify.webhooks[0].type", "slack",
                "fabricpulse.notify.webhooks[0].url", "https://hooks.slack.com/services/T0/B0/xyz",
                "fabricpulse.notify.webhooks[1].type", "Generic",
                "fabricpulse.notify.webhooks[1].url", "https://tickets.example.org/fabricpulse",
                "fabricpulse.notify.webhooks[1].secret", "0123456789abcdef0123",
                "fabricpulse.notify.webhooks[1].min-severity", "critical",
                "fabricpulse.notify.webhooks[1].clusters", "etna,lr4"));

        List<WebhookTarget> targets = properties.targets();
        assertThat(targets).hasSize(2);
        assertThat(targets.getFirst().spec().type()).isEqualTo(ChannelType.SLACK);
        assertThat(targets.getFirst().name()).isEqualTo("webhooks[0]");
        assertThat(targets.get(1).spec().minSeverity()).isEqualTo(AlertNotice.Severity.CRITICAL);
        assertThat(targets.get(1).spec().clusters()).containsExactlyInAnyOrder("etna", "lr4");
        assertThat(targets).allSatisfy(target -> assertThat(target.key()).matches("config-[0-9a-f]{16}"));
        assertThat(properties.maxAge()).hasHours(24);
    }

    @Test
    void aConfiguredWebhooksKeyDependsOnTypeAndUrlNotOnItsPlace() {
        Map<String, String> one = Map.of("fabricpulse.notify.webhooks[0].type", "discord",
                "fabricpulse.notify.webhooks[0].url", "https://discord.com/api/webhooks/1/a");
        Map<String, String> moved = Map.of("fabricpulse.notify.webhooks[0].type", "teams",
                "fabricpulse.notify.webhooks[0].url", "https://example.org/teams",
                "fabricpulse.notify.webhooks[1].type", "discord",
                "fabricpulse.notify.webhooks[1].url", "https://discord.com/api/webhooks/1/a");

        assertThat(bind(moved).targets().get(1).key()).isEqualTo(bind(one).targets().getFirst().key());
    }

    @Test
    void everyMistakeIsListedWithItsKey() {
        String message = refusal(Map.of(
                "fabricpulse.notify.webhooks[0].type", "hipchat",
                "fabricpulse.notify.webhooks[0].url", "ftp://example.org/x",
                "fabricpulse.notify.webhooks[1].type", "generic",
                "fabricpulse.notify.webhooks[1].url", "https://tickets.example.org",
                "fabricpulse.notify.webhooks[2].type", "slack",
                "fabricpulse.notify.webhooks[2].url", "https://exa mple.org",
                "fabricpulse.notify.webhooks[2].min-severity", "urgent"));

        assertThat(message)
                .contains("fabricpulse.notify.webhooks[0].type: unknown type 'hipchat'; one of slack, mattermost, rocketchat,"
                        + " teams, google-chat, discord, generic")
                .contains("fabricpulse.notify.webhooks[0].url: must be an http or https URL, got 'ftp://example.org/x'")
                .contains("fabricpulse.notify.webhooks[1].secret: required for a generic webhook")
                .contains("fabricpulse.notify.webhooks[2].url: not a valid URL (Illegal character in authority at index 11)")
                .contains("fabricpulse.notify.webhooks[2].min-severity: unknown severity 'urgent'; one of info, warning, critical");
    }

    @Test
    void aMissingUrlAShortSecretAndATwiceConfiguredWebhookAreRefused() {
        String message = refusal(Map.of(
                "fabricpulse.notify.webhooks[0].type", "slack",
                "fabricpulse.notify.webhooks[1].type", "generic",
                "fabricpulse.notify.webhooks[1].url", "https://t.example.org",
                "fabricpulse.notify.webhooks[1].secret", "short",
                "fabricpulse.notify.webhooks[2].type", "slack",
                "fabricpulse.notify.webhooks[2].url", "https://h.example.org/x",
                "fabricpulse.notify.webhooks[3].type", "mattermost",
                "fabricpulse.notify.webhooks[3].url", "https://h.example.org/x"));

        assertThat(message).contains("fabricpulse.notify.webhooks[0].url: required, an http or https URL")
                .contains("fabricpulse.notify.webhooks[1].secret: at least 16 characters, got 5")
                .contains("fabricpulse.notify.webhooks[3]: same type and url as webhooks[2]");
    }

    @Test
    void timingsThatCannotWorkAreRefused() {
        String message = refusal(Map.of("fabricpulse.notify.timeout", "30s", "fabricpulse.notify.lease", "40s",
                "fabricpulse.notify.public-url", "fabricpulse.example.org",
                "fabricpulse.notify.max-backoff", "1s", "fabricpulse.notify.batch-size", "0"));

        assertThat(message).contains("fabricpulse.notify.lease: must be at least twice the timeout (PT1M)")
                .contains("fabricpulse.notify.public-url: must be an http or https URL")
                .contains("fabricpulse.notify.max-backoff: must be at least initial-backoff (PT2S), got PT1S")
                .contains("fabricpulse.notify.batch-size: must be 1 to 1000, got 0");
    }

    @Test
    void theShippedApplicationYmlBindsAndCommandLineWebhooksComeOnTop() throws Exception {
        StandardEnvironment environment = new StandardEnvironment();
        new YamlPropertySourceLoader().load("application.yml", new ClassPathResource("application.yml"))
                .forEach(source -> environment.getPropertySources().addLast(source));
        environment.getPropertySources().addFirst(new MapPropertySource("command line", Map.of(
                "fabricpulse.notify.webhooks[0].type", "slack",
                "fabricpulse.notify.webhooks[0].url", "https://chat.example.org/hook")));

        NotifyProperties properties = Binder.get(environment).bind("fabricpulse.notify", NotifyProperties.class).get();

        assertThat(properties.targets()).singleElement()
                .satisfies(target -> assertThat(target.spec().type()).isEqualTo(ChannelType.SLACK));
        assertThat(properties.rateLimit()).hasSeconds(1);
        assertThat(properties.publicUri().getScheme()).isIn("http", "https");
    }

    @Test
    void noWebhooksIsFine() {
        assertThat(bind(Map.of()).targets()).isEmpty();
        assertThatThrownBy(() -> bind(Map.of("fabricpulse.notify.webhooks[0].url", "https://x.example.org")))
                .hasRootCauseMessage("invalid notification settings:\n  fabricpulse.notify.webhooks[0].type: required; "
                        + "one of slack, mattermost, rocketchat, teams, google-chat, discord, generic");
    }
}
