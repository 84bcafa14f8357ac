package io.fabricpulse.server.notify;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * {@code fabricpulse.notify.*}: where notices go and how hard the outbox tries. Checked when the
 * server starts: every mistake is listed with its key (such as {@code fabricpulse.notify.webhooks[1].url})
 * and the server does not start with any.
 *
 * @param publicUrl      the UI's address as people reach it; messages link to {@code <public-url>/alerts/<id>}
 * @param webhooks       webhooks from configuration (more can be added through the API)
 * @param timeout        how long one post may take before it counts as failed
 * @param pollInterval   how often the outbox is looked at (it is also looked at as soon as something is queued)
 * @param initialBackoff the wait after a first failure; doubled after each further one, with jitter
 * @param maxBackoff     the longest wait between two attempts
 * @param maxAge         a notice not delivered this long after it was queued is given up (logged and counted)
 * @param rateLimit      the shortest time between two posts to one webhook from one replica
 * @param lease          how long a replica owns a row it is sending; at least twice the timeout
 * @param batchSize      rows looked at per round
 * @param history        how long delivered and given-up notices are kept as history before they are deleted
 * @param allowedRanges  inward address ranges webhooks may still be posted to (CIDR: an internal chat
 *                       server's network); every other loopback, private, link-local or metadata address is
 *                       refused ({@link OutboundAddresses})
 */
@ConfigurationProperties("fabricpulse.notify")
public record NotifyProperties(@DefaultValue("http://localhost:8080") String publicUrl,
                               List<Webhook> webhooks,
                               @DefaultValue("10s") Duration timeout,
                               @DefaultValue("1s") Duration pollInterval,
                               @DefaultValue("2s") Duration initialBackoff,
                               @DefaultValue("5m") Duration maxBackoff,
                               @DefaultValue("24h") Duration maxAge,
                               @DefaultValue("1s") Duration rateLimit,
                               @DefaultValue("1m") Duration lease,
                               @DefaultValue("50") int batchSize,
                               @DefaultValue("30d") Duration history,
                               List<String> allowedRanges) {

    private static final String PREFIX = "fabricpulse.notify";

    public NotifyProperties {
        webhooks = webhooks == null ? List.of() : List.copyOf(webhooks);
        allowedRanges = allowedRanges == null ? List.of() : List.copyOf(allowedRanges);
        List<String> errors = new ArrayList<>();
        OutboundAddresses outbound = OutboundAddresses.strict();
        try {
            outbound = OutboundAddresses.allowing(allowedRanges);
        } catch (IllegalArgumentException e) {
            errors.add(PREFIX + ".allowed-ranges: " + e.getMessage());
        }
        checkUrl(publicUrl, errors);
        positive("timeout", timeout, errors);
        positive("poll-interval", pollInterval, errors);
        positive("initial-backoff", initialBackoff, errors);
        positive("max-age", maxAge, errors);
        positive("history", history, errors);
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            errors.add(PREFIX + ".max-backoff: must be at least initial-backoff (" + initialBackoff + "), got " + maxBackoff);
        }
        if (rateLimit.isNegative()) {
            errors.add(PREFIX + ".rate-limit: must not be negative, got " + rateLimit);
        }
        if (lease.compareTo(timeout.multipliedBy(2)) < 0) {
            errors.add(PREFIX + ".lease: must be at least twice the timeout (" + timeout.multipliedBy(2)
                    + "), or another replica could take over a row still being sent; got " + lease);
        }
        if (batchSize < 1 || batchSize > 1000) {
            errors.add(PREFIX + ".batch-size: must be 1 to 1000, got " + batchSize);
        }
        checkWebhooks(webhooks, outbound, errors);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("invalid notification settings:\n  " + String.join("\n  ", errors));
        }
    }

    /**
     * A webhook as written in configuration.
     *
     * @param name        what messages and logs call it; default {@code webhooks[i]}
     * @param type        slack (also mattermost, rocketchat), teams, google-chat, discord or generic
     * @param url         where to post
     * @param secret      the HMAC-SHA256 key; required for generic
     * @param minSeverity info (default), warning or critical
     * @param clusters    only notices about these clusters; empty for all
     */
    public record Webhook(String name, String type, String url, String secret, String minSeverity, List<String> clusters) {
    }

    /** The configured webhooks, checked, under their stable keys. */
    public List<WebhookTarget> targets() {
        List<WebhookTarget> targets = new ArrayList<>();
        for (int i = 0; i < webhooks.size(); i++) {
            Webhook webhook = webhooks.get(i);
            WebhookSpec spec = check(i, webhook).spec();
            String name = webhook.name() == null || webhook.name().isBlank() ? "webhooks[" + i + "]" : webhook.name();
            targets.add(new WebhookTarget(configKey(spec), name, spec, true, true));
        }
        return List.copyOf(targets);
    }

    public URI publicUri() {
        return URI.create(publicUrl);
    }

    /**
     * A configured webhook's key: a hash of type and URL, so it survives reordering the list, and an
     * outbox row for a webhook that was removed (or given a new URL) is given up rather than sent elsewhere.
     */
    static String configKey(WebhookSpec spec) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest((spec.type() + " " + spec.url()).getBytes(StandardCharsets.UTF_8));
            return "config-" + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static WebhookSpec.Checked check(int i, Webhook webhook) {
        return WebhookSpec.check(PREFIX + ".webhooks[" + i + "]", webhook.type(), webhook.url(), webhook.secret(),
                webhook.minSeverity(), webhook.clusters());
    }

    /** Where webhooks may be posted: anywhere but inward, except the allowed ranges. */
    public OutboundAddresses outboundAddresses() {
        return OutboundAddresses.allowing(allowedRanges);
    }

    private static void checkWebhooks(List<Webhook> webhooks, OutboundAddresses outbound, List<String> errors) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < webhooks.size(); i++) {
            if (webhooks.get(i) == null) {
                errors.add(PREFIX + ".webhooks[" + i + "]: empty");
                continue;
            }
            WebhookSpec.Checked checked = check(i, webhooks.get(i));
            checked.errors().forEach(error -> errors.add(error.toString()));
            if (checked.ok()) {
                String where = PREFIX + ".webhooks[" + i + "].url: ";
                outbound.refusalOfHost(checked.spec().url().getHost()).ifPresent(refused -> errors.add(where + refused));
                Integer before = seen.putIfAbsent(configKey(checked.spec()), i);
                if (before != null) {
                    errors.add(PREFIX + ".webhooks[" + i + "]: same type and url as webhooks[" + before
                            + "]; every message would be posted twice");
                }
            }
        }
    }

    private static void checkUrl(String publicUrl, List<String> errors) {
        WebhookSpec.Checked asUrl = WebhookSpec.check(PREFIX, "slack", publicUrl, null, null, List.of());
        asUrl.errors().forEach(error -> errors.add(PREFIX + ".public-url: " + error.reason()));
    }

    private static void positive(String key, Duration value, List<String> errors) {
        if (value.isNegative() || value.isZero()) {
            errors.add(PREFIX + "." + key + ": must be positive, got " + value);
        }
    }
}
