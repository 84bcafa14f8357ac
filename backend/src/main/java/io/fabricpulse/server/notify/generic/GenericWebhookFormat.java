package io.fabricpulse.server.notify.generic;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.MessageContext;
import io.fabricpulse.server.notify.OutgoingMessage;
import tools.jackson.databind.json.JsonMapper;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * FabricPulse's own webhook for ticket systems and scripts: the whole notice as JSON, signed.
 * <p>
 * {@value #TIMESTAMP_HEADER} is the attempt's time in Unix seconds and {@value #SIGNATURE_HEADER} is
 * {@code sha256=} and the hex HMAC-SHA256, keyed with the webhook's secret, of the timestamp, a dot
 * and the raw body (Stripe's and Slack's scheme): a receiver recomputes it, compares in constant time
 * and refuses old timestamps, so a captured request cannot be replayed later. {@value #IDEMPOTENCY_HEADER}
 * is the same on every retry of one delivery, so a receiver that saw it already can drop the copy.
 */
public final class GenericWebhookFormat implements ChannelFormat {

    public static final String TIMESTAMP_HEADER = "X-FabricPulse-Timestamp";
    public static final String SIGNATURE_HEADER = "X-FabricPulse-Signature";
    public static final String IDEMPOTENCY_HEADER = "Idempotency-Key";
    /** Bumped when a field changes meaning or goes away; new fields do not bump it. */
    static final int PAYLOAD_VERSION = 1;

    private final JsonMapper json;

    public GenericWebhookFormat(JsonMapper json) {
        this.json = json;
    }

    @Override
    public OutgoingMessage render(AlertNotice notice, MessageContext context) {
        if (context.secret() == null) {
            throw new IllegalStateException("a generic webhook needs a secret to sign with; configuration checks this");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("version", PAYLOAD_VERSION);
        body.put("event", "alert." + notice.kind().name().toLowerCase(Locale.ROOT));
        body.put("idempotencyKey", context.idempotencyKey());
        body.put("alertUrl", context.alertPage().toString());
        body.put("alert", notice);
        byte[] bytes = json.writeValueAsBytes(body);
        String timestamp = Long.toString(context.sentAt().getEpochSecond());
        return new OutgoingMessage(bytes, Map.of(
                TIMESTAMP_HEADER, timestamp,
                SIGNATURE_HEADER, "sha256=" + sign(context.secret(), timestamp, bytes),
                IDEMPOTENCY_HEADER, context.idempotencyKey()));
    }

    /** The hex HMAC-SHA256 of {@code timestamp + "." + body}. */
    static String sign(String secret, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
