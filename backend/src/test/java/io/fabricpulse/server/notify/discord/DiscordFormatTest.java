package io.fabricpulse.server.notify.discord;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.TestNotices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The Discord payload: content, one embed, mentions off. */
class DiscordFormatTest {

    private final FormatHarness harness = new FormatHarness();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aFiringAlertIsContentAndAnEmbedLinkedToTheAlert() {
        JsonNode body = harness.post(new DiscordFormat(FormatHarness.JSON), TestNotices.firing("42"), null).json();

        assertThat(body.get("content").asString()).startsWith("FIRING · CRITICAL").contains("rac1001 HCA-1");
        assertThat(body.get("allowed_mentions").get("parse").size()).isZero();
        JsonNode embed = body.get("embeds").get(0);
        assertThat(embed.get("url").asString()).isEqualTo("https://fabricpulse.example.org/alerts/42");
        assertThat(embed.get("color").asInt()).isEqualTo(0xD0021B);
        assertThat(embed.get("description").asString()).isEqualTo("SymbolErrorCounter at 12.5/s (threshold 1/s)");
        assertThat(embed.get("timestamp").asString()).isEqualTo("2026-03-01T12:00:00Z");
        Map<String, String> fields = new HashMap<>();
        embed.get("fields").forEach(field -> fields.put(field.get("name").asString(), field.get("value").asString()));
        assertThat(fields.get("End 2")).isEqualTo("ib000.cf0 (SWITCH 0x0002c90200410d02) port 16, LID 2");
        assertThat(fields.get("Suggested checks")).contains("• Reseat or replace the cable");
    }

    @Test
    void longTextsAreCutToDiscordsLimits() {
        List<String> checks = Collections.nCopies(50, "x".repeat(100));
        AlertNotice notice = new AlertNotice(AlertNotice.Kind.FIRING, "1", "r", AlertNotice.Severity.INFO,
                "s".repeat(3000), null, null, null, List.of(TestNotices.HOST), null, TestNotices.SINCE, TestNotices.SINCE,
                null, null, null, checks);

        JsonNode body = harness.post(new DiscordFormat(FormatHarness.JSON), notice, null).json();

        assertThat(body.get("content").asString()).hasSizeLessThanOrEqualTo(2000).endsWith("…");
        assertThat(body.get("embeds").get(0).get("title").asString()).hasSize(256);
        body.get("embeds").get(0).get("fields").forEach(field -> assertThat(field.get("value").asString()).hasSizeLessThanOrEqualTo(1024));
    }
}
