package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.AlertNotice.Severity;
import io.fabricpulse.server.problem.InvalidField;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where and what to post: one webhook, from configuration or the API, checked.
 *
 * @param type        the format of the messages
 * @param url         where they are posted (http or https)
 * @param secret      the HMAC key of a {@link ChannelType#GENERIC} webhook; null for the chat ones
 * @param minSeverity notices below this severity are not sent here
 * @param clusters    only notices about these clusters are sent here; empty: all notices, also those
 *                    about no cluster
 */
public record WebhookSpec(ChannelType type, URI url, String secret, Severity minSeverity, Set<String> clusters) {

    static final int MIN_SECRET_LENGTH = 16;
    static final int MAX_URL_LENGTH = 2000;

    public WebhookSpec {
        clusters = Set.copyOf(clusters);
    }

    /** Whether this webhook wants the notice: severe enough and about one of its clusters. */
    public boolean wants(AlertNotice notice) {
        if (notice.severity().compareTo(minSeverity) < 0) {
            return false;
        }
        return clusters.isEmpty() || notice.cluster() != null && clusters.contains(notice.cluster());
    }

    /** The URL without its path and query, which often hold the webhook's token (Slack, Discord). */
    public String redactedUrl() {
        return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort())
                + (url.getRawPath() == null || url.getRawPath().isEmpty() ? "" : "/…");
    }

    /**
     * Checks raw settings and builds the spec, or lists every problem, each starting with
     * {@code where} (such as {@code fabricpulse.notify.webhooks[2]}).
     */
    public static Checked check(String where, String type, String url, String secret, String minSeverity,
                                List<String> clusters) {
        return check(where, type, url, secret, minSeverity, clusters, "min-severity");
    }

    /** As {@link #check(String, String, String, String, String, List)}, naming the severity key as given (JSON: minSeverity). */
    public static Checked check(String where, String type, String url, String secret, String minSeverity,
                                List<String> clusters, String severityKey) {
        List<InvalidField> errors = new ArrayList<>();
        ChannelType channel = ChannelType.named(type).orElse(null);
        if (type == null || type.isBlank()) {
            errors.add(new InvalidField(at(where, "type"), "required; one of " + ChannelType.knownNames()));
        } else if (channel == null) {
            errors.add(new InvalidField(at(where, "type"), "unknown type '" + type + "'; one of " + ChannelType.knownNames()));
        }
        URI uri = checkUrl(at(where, "url"), url, errors);
        if (channel != null && channel.needsSecret() && (secret == null || secret.isBlank())) {
            errors.add(new InvalidField(at(where, "secret"), "required for a " + channel.configName()
                    + " webhook (the HMAC-SHA256 key receivers check signatures with)"));
        } else if (secret != null && !secret.isBlank() && secret.length() < MIN_SECRET_LENGTH) {
            errors.add(new InvalidField(at(where, "secret"), "at least " + MIN_SECRET_LENGTH + " characters, got "
                    + secret.length()));
        }
        Severity severity = Severity.INFO;
        if (minSeverity != null && !minSeverity.isBlank()) {
            try {
                severity = Severity.valueOf(minSeverity.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                errors.add(new InvalidField(at(where, severityKey), "unknown severity '" + minSeverity
                        + "'; one of info, warning, critical"));
            }
        }
        Set<String> clusterSet = new LinkedHashSet<>();
        List<String> given = clusters == null ? List.of() : clusters;
        for (int i = 0; i < given.size(); i++) {
            String cluster = given.get(i);
            if (cluster == null || cluster.isBlank() || cluster.length() > 100
                    || cluster.chars().anyMatch(c -> Character.isISOControl(c) || Character.isWhitespace(c))) {
                errors.add(new InvalidField(at(where, "clusters") + "[" + i + "]",
                        "a cluster name of 1 to 100 characters without spaces, got '" + cluster + "'"));
            } else {
                clusterSet.add(cluster);
            }
        }
        if (!errors.isEmpty()) {
            return new Checked(null, errors);
        }
        String key = secret == null || secret.isBlank() ? null : secret;
        return new Checked(new WebhookSpec(channel, uri, key, severity, clusterSet), List.of());
    }

    private static URI checkUrl(String where, String url, List<InvalidField> errors) {
        if (url == null || url.isBlank()) {
            errors.add(new InvalidField(where, "required, an http or https URL"));
            return null;
        }
        if (url.length() > MAX_URL_LENGTH) {
            errors.add(new InvalidField(where, "at most " + MAX_URL_LENGTH + " characters, got " + url.length()));
            return null;
        }
        try {
            URI uri = new URI(url.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                errors.add(new InvalidField(where, "must be an http or https URL, got '" + url + "'"));
                return null;
            }
            if (uri.getHost() == null || uri.getHost().isBlank()) {
                errors.add(new InvalidField(where, "has no host name, got '" + url + "'"));
                return null;
            }
            if (uri.getRawUserInfo() != null) {
                errors.add(new InvalidField(where, "must not carry a user name or password; use the secret instead"));
                return null;
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            errors.add(new InvalidField(where, "not a valid URL (" + e.getReason() + " at index " + e.getIndex() + ")"));
            return null;
        }
    }

    private static String at(String where, String key) {
        return where.isEmpty() ? key : where + "." + key;
    }

    /** The outcome of {@link #check}: a spec, or the reasons there is none. */
    public record Checked(WebhookSpec spec, List<InvalidField> errors) {

        public Checked {
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return spec != null;
        }
    }
}
