package io.fabricpulse.server.alerting;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The knobs of one rule. As an override (application.yml, the API, per cluster) any field may be
 * null, meaning "keep what the layer below says"; an effective setting has every field the rule
 * uses. What {@code threshold}, {@code window} and the long pair mean is the rule's to say
 * ({@code GET /api/v1/alerts/rules} lists it).
 *
 * @param enabled       off: the rule is not evaluated
 * @param severity      severity of the alerts it raises
 * @param threshold     the limit (events, a share, a BER, a number of intervals: see the rule)
 * @param window        the time the threshold is measured over
 * @param longThreshold a second limit, for rules with two windows (UFM's BER rule)
 * @param longWindow    the time the second limit is measured over
 * @param clearAfter    hysteresis: how long the condition must be gone before the alert resolves
 * @param expected      a textual expectation (link-degraded: the width and speed every link should
 *                      have, such as {@code 4X EDR}); null when not used
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RuleSettings(Boolean enabled, Severity severity, Double threshold, Duration window,
                           Double longThreshold, Duration longWindow, Duration clearAfter, String expected) {

    /** No override at all. */
    public static final RuleSettings NONE = new RuleSettings(null, null, null, null, null, null, null, null);

    static final Duration MAX_WINDOW = Duration.ofDays(1);

    /** This over {@code below}: each field that is set here wins. */
    public RuleSettings over(RuleSettings below) {
        if (below == null) {
            return this;
        }
        return new RuleSettings(pick(enabled, below.enabled), pick(severity, below.severity),
                pick(threshold, below.threshold), pick(window, below.window),
                pick(longThreshold, below.longThreshold), pick(longWindow, below.longWindow),
                pick(clearAfter, below.clearAfter), pick(expected, below.expected));
    }

    public boolean switchedOn() {
        return !Boolean.FALSE.equals(enabled);
    }

    /** Every value that is out of range, as "field: reason"; empty when all is well. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (threshold != null && !(threshold >= 0 && Double.isFinite(threshold))) {
            problems.add("threshold: must be a finite number >= 0, got " + threshold);
        }
        if (longThreshold != null && !(longThreshold >= 0 && Double.isFinite(longThreshold))) {
            problems.add("longThreshold: must be a finite number >= 0, got " + longThreshold);
        }
        checkDuration(problems, "window", window);
        checkDuration(problems, "longWindow", longWindow);
        if (clearAfter != null && (clearAfter.isNegative() || clearAfter.compareTo(MAX_WINDOW) > 0)) {
            problems.add("clearAfter: must be from 0s to 1d, got " + clearAfter);
        }
        if (expected != null && expected.length() > 100) {
            problems.add("expected: at most 100 characters");
        }
        return problems;
    }

    private static void checkDuration(List<String> problems, String name, Duration value) {
        if (value != null && (value.compareTo(Duration.ofSeconds(1)) < 0 || value.compareTo(MAX_WINDOW) > 0)) {
            problems.add(name + ": must be from 1s to 1d, got " + value);
        }
    }

    private static <T> T pick(T mine, T theirs) {
        return mine != null ? mine : theirs;
    }
}
