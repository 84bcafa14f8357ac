package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.store.AlertFilter;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.util.UriComponentsBuilder;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What the alert list was asked for in its URL: {@code ?state=firing|acknowledged|resolved} (firing when
 * absent), {@code severity=critical|warning|info} and {@code rule=<rule id>} (any when absent).
 *
 * @param state    the tab: firing, acknowledged or resolved
 * @param severity lower-case severity, null for any
 * @param rule     rule id, null for any
 */
public record AlertListQuery(String state, String severity, String rule) {

    static final List<String> STATES = List.of("firing", "acknowledged", "resolved");
    private static final Pattern RULE = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    static AlertListQuery parse(String state, String severity, String rule) {
        String tab = state == null ? "firing" : state.strip().toLowerCase(Locale.ROOT);
        if (!STATES.contains(tab)) {
            throw bad("state", state, "firing, acknowledged or resolved");
        }
        String level = null;
        if (severity != null && !severity.isBlank()) {
            level = severity.strip().toLowerCase(Locale.ROOT);
            if (!List.of("critical", "warning", "info").contains(level)) {
                throw bad("severity", severity, "critical, warning or info");
            }
        }
        String id = null;
        if (rule != null && !rule.isBlank()) {
            id = rule.strip();
            if (!RULE.matcher(id).matches()) {
                throw bad("rule", rule, "a rule id: lower-case letters, digits and '-', at most 64");
            }
        }
        return new AlertListQuery(tab, level, id);
    }

    /** The store's filter for this query on tab {@code tab}. */
    AlertFilter filter(String tab) {
        return new AlertFilter(tab.toUpperCase(Locale.ROOT),
                severity == null ? null : Severity.valueOf(severity.toUpperCase(Locale.ROOT)).name(),
                null, null, rule, null);
    }

    /** This list's URL on tab {@code tab}, page {@code page} (1: none); filters that are not set are left out. */
    public String href(String tab, int page) {
        UriComponentsBuilder uri = UriComponentsBuilder.fromPath("/alerts").queryParam("state", tab);
        if (severity != null) {
            uri.queryParam("severity", severity);
        }
        if (rule != null) {
            uri.queryParam("rule", rule);
        }
        if (page > 1) {
            uri.queryParam("page", page);
        }
        return uri.encode().build().toUriString();
    }

    private static ResponseStatusException bad(String name, String value, String allowed) {
        String shown = value.length() > 80 ? value.substring(0, 80) + "…" : value;
        return new ResponseStatusException(HttpStatus.BAD_REQUEST,
                "query parameter '" + name + "' must be " + allowed + ", was '" + shown + "'");
    }
}
