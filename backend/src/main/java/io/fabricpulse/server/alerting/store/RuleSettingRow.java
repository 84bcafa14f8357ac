package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateText;

import java.time.Instant;

/**
 * Rule settings changed through the API, as {@code alert_rule_setting} has them.
 *
 * @param rule      the rule's name
 * @param cluster   the cluster they apply to, "" for every cluster
 * @param settings  JSON of the settings record (only the fields that were set)
 * @param updatedAt when they were last changed
 * @param updatedBy who changed them
 */
public record RuleSettingRow(String rule, String cluster, String settings, Instant updatedAt, String updatedBy) {

    public RuleSettingRow {
        StateText.require("rule name", rule, 64);
        if (cluster == null || cluster.length() > 100) {
            throw new IllegalArgumentException("rule setting: cluster must be \"\" or at most 100 characters");
        }
        StateText.require("rule settings", settings, 4000);
        StateText.require("rule setting author", updatedBy, 100);
        if (updatedAt == null) {
            throw new IllegalArgumentException("rule setting: updatedAt is required");
        }
    }
}
