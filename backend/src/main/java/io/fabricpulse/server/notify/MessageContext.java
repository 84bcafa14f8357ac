package io.fabricpulse.server.notify;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * What a message needs besides the notice.
 *
 * @param alertPage      the alert's page in the UI ({@code fabricpulse.notify.public-url} + {@code /alerts/<id>})
 * @param idempotencyKey the delivery's key: the same on every retry, different for every event and channel
 * @param sentAt         when this attempt is made (the generic webhook signs it)
 * @param secret         the webhook's HMAC key; null when it has none
 */
public record MessageContext(URI alertPage, String idempotencyKey, Instant sentAt, String secret) {

    /** The alert's page: the public URL, {@code /alerts/} and the id (percent-encoded: ids are opaque). */
    public static URI alertPage(URI publicUrl, String alertId) {
        String base = publicUrl.toString();
        String slash = base.endsWith("/") ? "" : "/";
        return URI.create(base + slash + "alerts/"
                + URLEncoder.encode(alertId, StandardCharsets.UTF_8).replace("+", "%20"));
    }
}
