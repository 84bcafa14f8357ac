package io.fabricpulse.server.notify.googlechat;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.TestNotices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The Google Chat payload: one text message in Chat's markup. */
class GoogleChatFormatTest {

    private final FormatHarness harness = new FormatHarness();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aFiringAlertIsOneTextWithBoldTitleWhereWhenChecksAndALink() {
        JsonNode body = harness.post(new GoogleChatFormat(FormatHarness.JSON), TestNotices.firing("42"), null).json();

        assertThat(body.properties()).hasSize(1);
        String text = body.get("text").asString();
        assertThat(text).startsWith("*FIRING · CRITICAL · symbol-error-ber: Symbol errors above the BER limit*\n")
                .contains("What: SymbolErrorCounter at 12.5/s (threshold 1/s)")
                .contains("rac1001 HCA-1 (CA 0x00188b9097fe8e41) port 1, LID 4")
                .contains("Switch port: ib000.cf0 port 16")
                .contains("cluster etna")
                .contains("firing since 2026-03-01T12:00:00Z")
                .contains("- Check the SM with sminfo")
                .endsWith("<https://fabricpulse.example.org/alerts/42|Open alert 42>");
    }

    @Test
    void formattingCharactersFromTheFabricAreNeutralised() {
        AlertNotice notice = new AlertNotice(AlertNotice.Kind.FIRING, "9", "port-down", AlertNotice.Severity.INFO,
                "Port down", null, null, null, List.of(new AlertNotice.End("*node_<x>*", "0x0000000000000009", 2, null,
                AlertNotice.NodeType.CA)), null, TestNotices.SINCE, TestNotices.SINCE, null, null, null, List.of());

        String text = harness.post(new GoogleChatFormat(FormatHarness.JSON), notice, null).json().get("text").asString();

        assertThat(text).doesNotContain("*node_<x>*").contains("∗nodeˍ‹x›∗");
    }
}
