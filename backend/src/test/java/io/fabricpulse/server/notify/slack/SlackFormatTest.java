package io.fabricpulse.server.notify.slack;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.TestNotices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The Slack-compatible payload as Slack, Mattermost and Rocket.Chat receive it. */
class SlackFormatTest {

    private final FormatHarness harness = new FormatHarness();
    private final SlackFormat format = new SlackFormat(FormatHarness.JSON);

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aFiringAlertNamesRuleRateBothEndsChecksAndLinksTheAlertPage() {
        JsonNode body = harness.post(format, TestNotices.firing("42"), null).json();

        assertThat(body.get("text").asString()).startsWith("FIRING · CRITICAL · symbol-error-ber")
                .contains("rac1001 HCA-1").contains("ib000.cf0");
        JsonNode attachment = body.get("attachments").get(0);
        assertThat(attachment.get("color").asString()).isEqualTo("#d0021b");
        assertThat(attachment.get("title_link").asString()).isEqualTo("https://fabricpulse.example.org/alerts/42");
        assertThat(attachment.get("text").asString()).isEqualTo("SymbolErrorCounter at 12.5/s (threshold 1/s)");
        String fields = fieldsText(attachment);
        assertThat(fields).contains("0x00188b9097fe8e41", "0x0002c90200410d02", "port 1, LID 4", "port 16, LID 2",
                "Switch port: ib000.cf0 port 16", "Cluster: etna", "since 2026-03-01T12:00:00Z",
                "mlxlink", "perfquery -R", "Alert: https://fabricpulse.example.org/alerts/42");
        assertThat(body.has("blocks")).as("Mattermost and Rocket.Chat ignore blocks").isFalse();
    }

    @Test
    void acknowledgedAndResolvedAreAnnouncedWithWhoAndTicket() {
        JsonNode acked = harness.post(format, TestNotices.notice(AlertNotice.Kind.ACKNOWLEDGED, "42",
                AlertNotice.Severity.CRITICAL, "etna", TestNotices.SINCE.plusSeconds(60)), null).json();
        JsonNode resolved = harness.post(format, TestNotices.notice(AlertNotice.Kind.RESOLVED, "42",
                AlertNotice.Severity.CRITICAL, "etna", TestNotices.SINCE.plusSeconds(600)), null).json();

        assertThat(acked.get("text").asString()).startsWith("ACKNOWLEDGED");
        assertThat(fieldsText(acked.get("attachments").get(0))).contains("acknowledged by alice, ticket INC-4711");
        assertThat(resolved.get("attachments").get(0).get("color").asString()).isEqualTo("#2eb67d");
        assertThat(fieldsText(resolved.get("attachments").get(0))).contains("resolved at 2026-03-01T12:10:00Z");
    }

    @Test
    void markupInNodeNamesIsEscapedNotInterpreted() {
        AlertNotice notice = new AlertNotice(AlertNotice.Kind.FIRING, "7", "port-down", AlertNotice.Severity.WARNING,
                "Port down", null, null, null, List.of(new AlertNotice.End("<!channel> & co", "0x0000000000000001", 1,
                null, AlertNotice.NodeType.CA)), null, TestNotices.SINCE, TestNotices.SINCE, null, null, null, List.of());

        JsonNode body = harness.post(format, notice, null).json();

        assertThat(body.get("text").asString()).contains("&lt;!channel&gt; &amp; co").doesNotContain("<!channel>");
    }

    private static String fieldsText(JsonNode attachment) {
        List<String> lines = new ArrayList<>();
        attachment.get("fields").forEach(field -> lines.add(field.get("title").asString() + ": " + field.get("value").asString()));
        return String.join("\n", lines);
    }
}
