package io.fabricpulse.server.notify.teams;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.TestNotices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The Teams Workflows payload: a message with one Adaptive Card attachment. */
class TeamsFormatTest {

    private final FormatHarness harness = new FormatHarness();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aFiringAlertIsAnAdaptiveCardWithFactsChecksAndAnOpenUrlAction() {
        JsonNode body = harness.post(new TeamsFormat(FormatHarness.JSON), TestNotices.firing("42"), null).json();

        assertThat(body.get("type").asString()).isEqualTo("message");
        JsonNode attachment = body.get("attachments").get(0);
        assertThat(attachment.get("contentType").asString()).isEqualTo("application/vnd.microsoft.card.adaptive");
        JsonNode card = attachment.get("content");
        assertThat(card.get("type").asString()).isEqualTo("AdaptiveCard");
        assertThat(card.get("version").asString()).isEqualTo("1.4");
        assertThat(card.get("body").get(0).get("text").asString()).startsWith("FIRING · CRITICAL · symbol-error-ber");
        Map<String, String> facts = new HashMap<>();
        card.get("body").get(1).get("facts").forEach(fact -> facts.put(fact.get("title").asString(), fact.get("value").asString()));
        assertThat(facts).containsEntry("What", "SymbolErrorCounter at 12.5/s (threshold 1/s)")
                .containsEntry("End 1", "rac1001 HCA-1 (CA 0x00188b9097fe8e41) port 1, LID 4")
                .containsEntry("End 2", "ib000.cf0 (SWITCH 0x0002c90200410d02) port 16, LID 2")
                .containsEntry("Switch port", "ib000.cf0 port 16")
                .containsEntry("Cluster", "etna");
        assertThat(card.get("body").get(3).get("text").asString()).contains("mlxlink", "sminfo");
        JsonNode action = card.get("actions").get(0);
        assertThat(action.get("type").asString()).isEqualTo("Action.OpenUrl");
        assertThat(action.get("url").asString()).isEqualTo("https://fabricpulse.example.org/alerts/42");
    }

    @Test
    void aResolvedAlertSaysWhen() {
        JsonNode card = harness.post(new TeamsFormat(FormatHarness.JSON), TestNotices.notice(AlertNotice.Kind.RESOLVED,
                "42", AlertNotice.Severity.WARNING, null, TestNotices.SINCE.plusSeconds(90)), null).json()
                .get("attachments").get(0).get("content");

        assertThat(card.get("body").get(0).get("text").asString()).startsWith("RESOLVED");
        assertThat(card.get("body").get(1).get("facts").toString()).contains("resolved at 2026-03-01T12:01:30Z")
                .doesNotContain("Cluster");
    }
}
