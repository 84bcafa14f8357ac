package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.server.alerting.RuleSettings;

/** A rule's name (as in configuration and URLs), what its settings mean, and its built-in defaults. */
public interface RuleDefinition {

    /** Kebab-case, such as {@code symbol-error-ber}: the key under {@code fabricpulse.alerts.rules}. */
    String name();

    /** What the rule checks and what its threshold and windows mean, for people. */
    String description();

    /** The built-in settings, every field the rule uses set. */
    RuleSettings defaults();
}
