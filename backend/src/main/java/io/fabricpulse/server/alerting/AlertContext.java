package io.fabricpulse.server.alerting;

import java.util.List;

/**
 * What an alert says, stored with it (JSON in {@code alert.context}) so every replica and every
 * later event can tell the whole story without the live fabric.
 *
 * @param summary         one line: what and how bad
 * @param counter         the counter or quantity the rule looked at
 * @param value           what was measured when it fired
 * @param threshold       the limit it crossed
 * @param unit            unit of both
 * @param ends            both ends of a link (the reporting one first), or the node
 * @param suggestedChecks what to do, from the operators' notes
 * @param flapping        it fired again and again: it stays open until clean for the flap window
 */
public record AlertContext(String summary, String counter, double value, double threshold, String unit,
                           List<AlertEnd> ends, List<String> suggestedChecks, boolean flapping) {

    public AlertContext {
        ends = List.copyOf(ends);
        suggestedChecks = List.copyOf(suggestedChecks);
    }
}
