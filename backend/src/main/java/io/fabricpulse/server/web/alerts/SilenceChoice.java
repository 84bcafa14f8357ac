package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.alerting.api.AlertView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One thing the alert page offers to silence, narrowest first: this link, a node at either end, the rule
 * everywhere, the alert's cluster. {@code kind} and {@code value} are what {@code POST /api/v1/alerts/silences}
 * takes, so the page never spells a match itself.
 *
 * @param kind  LINK, NODE, RULE or CLUSTER
 * @param value the link key, node GUID, rule id or cluster name
 * @param label what a person reads in the list
 */
public record SilenceChoice(String kind, String value, String label) {

    /** The form's single select carries both: {@code KIND:value} (alert-actions.js splits it at the first colon). */
    public String option() {
        return kind + ":" + value;
    }

    static List<SilenceChoice> forAlert(AlertView alert) {
        List<SilenceChoice> choices = new ArrayList<>();
        List<AlertEnd> ends = alert.context().ends();
        if (alert.scope() == AlertScope.LINK && ends.size() == 2) {
            choices.add(new SilenceChoice("LINK", alert.subject(), "this link: " + label(ends.get(0)) + " ↔ "
                    + label(ends.get(1))));
        }
        Map<String, String> nodes = new LinkedHashMap<>();
        ends.forEach(end -> nodes.putIfAbsent(end.nodeGuid(), end.nodeName()));
        nodes.forEach((guid, name) -> choices.add(new SilenceChoice("NODE", guid, "node " + name + " (all its alerts)")));
        choices.add(new SilenceChoice("RULE", alert.rule(), "rule " + alert.rule() + " everywhere"));
        if (alert.cluster() != null && !alert.cluster().isBlank()) {
            choices.add(new SilenceChoice("CLUSTER", alert.cluster(), "cluster " + alert.cluster() + " (all its alerts)"));
        }
        return List.copyOf(choices);
    }

    private static String label(AlertEnd end) {
        return end.portNumber() > 0 ? end.nodeName() + "[" + end.portNumber() + "]" : end.nodeName();
    }
}
