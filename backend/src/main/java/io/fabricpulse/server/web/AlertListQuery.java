package io.fabricpulse.server.web;

import io.fabricpulse.model.ingest.Guids;
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
 * absent), {@code severity=critical|warning|info}, {@code rule=<rule id>}, {@code node=<GUID>} and, with a node,
 * {@code port=<number>} (any when absent). Node and port pages link here with their own.
 *
 * @param state    the tab: firing, acknowledged or resolved
 * @param severity lower-case severity, null for any
 * @param rule     rule id, null for any
 * @param node     canonical node GUID (alerts with it at either end), null for any
 * @param port     port number of {@code node} (alerts about it or its cable), null for any
 */
public record AlertListQuery(String state, String severity, String rule, String node, Integer port) {

    public static final List<String> STATES = List.of("firing", "acknowledged", "resolved");
    private static final Pattern RULE = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    /** The list's URL for the alerts of one node's port ({@code port} null: of the whole node), firing tab. */
    public static String hrefFor(String node, Integer port) {
        return new AlertListQuery("firing", null, null, node, port).href("firing", 1);
    }

    public static AlertListQuery parse(String state, String severity, String rule, String node, String port) {
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
        String guid = null;
        if (node != null && !node.isBlank()) {
            try {
                guid = Guids.format(Guids.parse(node.strip()));
            } catch (IllegalArgumentException e) {
                throw bad("node", node, "a node GUID: 0x and up to 16 hex digits");
            }
        }
        Integer number = null;
        if (port != null && !port.isBlank()) {
            if (guid == null) {
                throw bad("port", port, "given with node=<GUID>: a port number belongs to a node");
            }
            number = PageParameters.portNumber(port).orElseThrow(() -> bad("port", port, "a port number from 0 to 255"));
        }
        return new AlertListQuery(tab, level, id, guid, number);
    }

    /** This list's URL without the node and port filters, on the same tab. */
    public String anyNode() {
        return new AlertListQuery(state, severity, rule, null, null).href(state, 1);
    }

    /** What the filters narrow the list to, for its empty message: " of severity warning on 0x…[3]", or "". */
    public String narrowedTo() {
        return (severity == null ? "" : " of severity " + severity) + (rule == null ? "" : " of rule " + rule)
                + (node == null ? "" : " on " + node + (port == null ? "" : "[" + port + "]"));
    }

    /** The store's filter for this query on tab {@code tab}. */
    public AlertFilter filter(String tab) {
        return new AlertFilter(tab.toUpperCase(Locale.ROOT),
                severity == null ? null : Severity.valueOf(severity.toUpperCase(Locale.ROOT)).name(),
                node, port, null, rule, null);
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
        if (node != null) {
            uri.queryParam("node", node);
        }
        if (port != null) {
            uri.queryParam("port", port);
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
