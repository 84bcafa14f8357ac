package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.RuleSettings;

import java.util.Map;

/**
 * A rule with its settings: built-in, in force (for the cluster asked about, else for nodes in no
 * cluster), and what was set through the API per cluster ("" = every cluster).
 */
public record RuleView(String name, String description, RuleSettings defaults, RuleSettings effective,
                       Map<String, RuleSettings> apiSettings) {
}
