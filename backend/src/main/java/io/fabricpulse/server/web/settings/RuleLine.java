package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.alerting.api.RuleView;

import java.util.List;

/**
 * A row of the rule list: the settings in force, as text, and where the API changed them.
 *
 * @param overrides the scopes with settings made through the API: "all clusters" and cluster names
 */
record RuleLine(String name, String description, boolean enabled, String severity, String threshold,
                String window, String longThreshold, String longWindow, String clearAfter, List<String> overrides) {

    static final String ALL_CLUSTERS = "all clusters";

    static RuleLine of(RuleView rule) {
        RuleSettings in = rule.effective();
        List<String> overrides = rule.apiSettings().keySet().stream()
                .map(RuleLine::scope).toList();
        return new RuleLine(rule.name(), rule.description(), in.switchedOn(), SettingText.text(in.severity()),
                SettingText.number(in.threshold()), SettingText.duration(in.window()),
                SettingText.number(in.longThreshold()), SettingText.duration(in.longWindow()),
                SettingText.duration(in.clearAfter()), overrides);
    }

    /** How the page names a stored setting's cluster key. */
    static String scope(String cluster) {
        return cluster == null || RuleSettingsResolver.ALL_CLUSTERS.equals(cluster) ? ALL_CLUSTERS : cluster;
    }
}
