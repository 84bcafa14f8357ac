package io.fabricpulse.server.notify.generic;

import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.TestNotices;
import io.fabricpulse.server.notify.WebhookSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/** The generic webhook: the whole notice as JSON, signed so the receiver can check it. */
class GenericWebhookFormatTest {

    private static final String SECRET = "a-shared-secret-of-32-characters";

    private final FormatHarness harness = new FormatHarness();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void theSignatureVerifiesAsAReceiverComputesIt() throws Exception {
        WebhookSink.Received received = harness.post(new GenericWebhookFormat(FormatHarness.JSON),
                TestNotices.firing("42"), SECRET);

        String timestamp = received.header("X-FabricPulse-Timestamp");
        assertThat(timestamp).isEqualTo(Long.toString(FormatHarness.SENT_AT.getEpochSecond()));
        // Computed here from the raw bytes received, independently of the sender's code.
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
        String expected = "sha256=" + HexFormat.of().formatHex(mac.doFinal(received.body()));
        assertThat(received.header("X-FabricPulse-Signature")).isEqualTo(expected);
        assertThat(received.header("Idempotency-Key")).isEqualTo("key-42/FIRING/2026-03-01T12:00:00Z");
    }

    @Test
    void aSignatureWithAnotherSecretOrAChangedBodyDoesNotVerify() {
        String timestamp = "1772366700";
        byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);

        String right = GenericWebhookFormat.sign(SECRET, timestamp, body);

        assertThat(GenericWebhookFormat.sign(SECRET + "x", timestamp, body)).isNotEqualTo(right);
        assertThat(GenericWebhookFormat.sign(SECRET, timestamp, "{\"a\":2}".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(right);
        assertThat(GenericWebhookFormat.sign(SECRET, "1772366701", body)).isNotEqualTo(right);
    }

    @Test
    void theBodyCarriesTheWholeNotice() {
        JsonNode body = harness.post(new GenericWebhookFormat(FormatHarness.JSON), TestNotices.firing("42"), SECRET).json();

        assertThat(body.get("version").asInt()).isEqualTo(1);
        assertThat(body.get("event").asString()).isEqualTo("alert.firing");
        assertThat(body.get("alertUrl").asString()).isEqualTo("https://fabricpulse.example.org/alerts/42");
        JsonNode alert = body.get("alert");
        assertThat(alert.get("rule").asString()).isEqualTo("symbol-error-ber");
        assertThat(alert.get("rate").asDouble()).isEqualTo(12.5);
        assertThat(alert.get("since").asString()).isEqualTo("2026-03-01T12:00:00Z");
        assertThat(alert.get("ends").get(1).get("nodeGuid").asString()).isEqualTo("0x0002c90200410d02");
        assertThat(alert.get("ends").get(1).get("nodeType").asString()).isEqualTo("SWITCH");
        assertThat(alert.get("suggestedChecks").size()).isEqualTo(4);
    }
}
