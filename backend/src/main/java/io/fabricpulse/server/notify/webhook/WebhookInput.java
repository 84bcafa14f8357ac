package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.WebhookSpec;
import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The body of POST and PUT {@code /api/v1/webhooks}: {@code {"name", "type", "url", "secret",
 * "minSeverity", "clusters": [..]}}, read by hand so every mistake is reported with its field, all at once.
 *
 * @param name what messages and logs call the webhook
 * @param spec the checked settings
 */
record WebhookInput(String name, WebhookSpec spec) {

    private static final Set<String> FIELDS = Set.of("name", "type", "url", "secret", "minSeverity", "clusters");
    private static final int MAX_NAME = 100;

    /**
     * @param kept the webhook a PUT changes, whose URL and secret are kept when the body leaves them out (the API
     *             never shows either: a URL's path is often its credential); null for a new webhook
     */
    static WebhookInput parse(String body, JsonMapper json, WebhookSpec kept) {
        JsonNode root;
        try {
            root = json.readTree(body == null ? "" : body);
        } catch (JacksonException e) {
            throw new ProblemException(ProblemType.INVALID_JSON, "body is not valid JSON: " + e.getOriginalMessage(),
                    List.of(), Map.of("line", e.getLocation() == null ? 0 : e.getLocation().getLineNr()));
        }
        if (root == null || !root.isObject()) {
            throw invalid(List.of(new InvalidField("", "the body must be a JSON object with name, type and url")));
        }
        List<InvalidField> errors = new ArrayList<>();
        for (String field : root.propertyNames()) {
            if (!FIELDS.contains(field)) {
                errors.add(new InvalidField(field, "unknown field; the fields are " + String.join(", ", FIELDS.stream().sorted().toList())));
            }
        }
        String name = text(root, "name", errors);
        if (name == null || name.isBlank()) {
            errors.add(new InvalidField("name", "required, 1 to " + MAX_NAME + " characters"));
        } else if (name.length() > MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
            errors.add(new InvalidField("name", "1 to " + MAX_NAME + " characters without control characters"));
        }
        String secret = text(root, "secret", errors);
        String url = text(root, "url", errors);
        List<String> clusters = clusters(root, errors);
        WebhookSpec.Checked checked = WebhookSpec.check("", text(root, "type", errors),
                url == null && kept != null ? kept.url().toString() : url,
                secret == null && kept != null ? kept.secret() : secret, text(root, "minSeverity", errors), clusters,
                "minSeverity");
        errors.addAll(checked.errors());
        if (!errors.isEmpty()) {
            throw invalid(errors);
        }
        return new WebhookInput(name.strip(), checked.spec());
    }

    private static String text(JsonNode root, String field, List<InvalidField> errors) {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            errors.add(new InvalidField(field, "must be a string"));
            return null;
        }
        return value.asString();
    }

    private static List<String> clusters(JsonNode root, List<InvalidField> errors) {
        JsonNode value = root.get("clusters");
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            errors.add(new InvalidField("clusters", "must be an array of cluster names"));
            return List.of();
        }
        List<String> clusters = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            clusters.add(value.get(i).isString() ? value.get(i).asString() : null);
        }
        return clusters;
    }

    private static ProblemException invalid(List<InvalidField> errors) {
        String detail = errors.size() == 1 ? errors.getFirst().toString()
                : errors.size() + " problems; first: " + errors.getFirst();
        return new ProblemException(ProblemType.INVALID_WEBHOOK, detail, errors, Map.of());
    }
}
