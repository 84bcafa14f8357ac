package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.alerting.RuleSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One knob of a rule on the edit form.
 *
 * @param name    the API's field name, which the API's errors name too (so an error lands next to its input)
 * @param label   what the form calls it
 * @param kind    {@code enabled}, {@code severity}, {@code number}, {@code duration} or {@code text}: how the
 *                form asks for it and how {@code /js/settings.js} sends it
 * @param value   what is set through the API at the scope being edited, as typed; empty: inherited
 * @param inForce what is in force at that scope now
 * @param builtIn the rule's built-in default
 */
record RuleField(String name, String label, String kind, String value, String inForce, String builtIn) {

    private record Knob(String name, String label, String kind, Function<RuleSettings, Object> read) {
    }

    private static final List<Knob> KNOBS = List.of(
            new Knob("enabled", "Enabled", "enabled", RuleSettings::enabled),
            new Knob("severity", "Severity", "severity", RuleSettings::severity),
            new Knob("threshold", "Threshold", "number", RuleSettings::threshold),
            new Knob("window", "Window", "duration", RuleSettings::window),
            new Knob("longThreshold", "Long threshold", "number", RuleSettings::longThreshold),
            new Knob("longWindow", "Long window", "duration", RuleSettings::longWindow),
            new Knob("clearAfter", "Clear after", "duration", RuleSettings::clearAfter),
            new Knob("expected", "Expected link", "text", RuleSettings::expected));

    /**
     * The knobs the rule uses (those with a built-in, in-force or stored value): a topology rule has no
     * threshold, and a form that offered one would invite a setting nothing reads.
     *
     * @param stored the setting at the scope being edited; {@link RuleSettings#NONE} when there is none
     */
    static List<RuleField> of(RuleSettings builtIn, RuleSettings inForce, RuleSettings stored) {
        List<RuleField> fields = new ArrayList<>();
        for (Knob knob : KNOBS) {
            Object base = knob.read.apply(builtIn);
            Object now = knob.read.apply(inForce);
            Object set = knob.read.apply(stored);
            if (base != null || now != null || set != null) {
                fields.add(new RuleField(knob.name, knob.label, knob.kind, set == null ? "" : text(knob.kind, set),
                        text(knob.kind, now), text(knob.kind, base)));
            }
        }
        return List.copyOf(fields);
    }

    static String text(String kind, Object value) {
        return switch (value) {
            case null -> SettingText.UNSET;
            case Boolean enabled -> SettingText.enabled(enabled);
            case Double number -> SettingText.number(number);
            case java.time.Duration duration -> SettingText.duration(duration);
            default -> "text".equals(kind) ? value.toString() : SettingText.text(value);
        };
    }
}
