package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.web.AlertListQuery;

import java.util.List;

/**
 * The alerts of one cable (or of one other subject) as one row of the alert list: a link flap raises several
 * (both ends' port state, the errors, the topology change), and the NOC reads them as the one problem they are.
 *
 * @param key        what they share: the cable as a link key ({@code link:<a>/<p>-<b>/<q>}, {@link AlertGroups#key}),
 *                   else their common subject
 * @param severity   the worst member's severity (lower case)
 * @param worstId    the worst member's id (the first in the list's order): its page is where the group leads first
 * @param listHref   the alert list narrowed to the group's first end (a port's cable, or a node), firing tab
 * @param ends       both ends of the cable (short names, ports never cut off), or the subject's one end
 * @param firedAt    when the earliest member fired, date and time in the UI's zone
 * @param firedAtIso the same as an ISO-8601 instant
 * @param age        how long ago the earliest member fired
 * @param rules      the members' rules, worst first, each once
 * @param members    the alerts, worst first as the list orders them
 */
public record AlertGroup(String key, String severity, long worstId, String listHref, List<AlertLine.End> ends, String firedAt, String firedAtIso,
                         String age, List<String> rules, List<AlertLine> members) {

    public AlertGroup {
        ends = List.copyOf(ends);
        rules = List.copyOf(rules);
        members = List.copyOf(members);
    }

    /** One alert alone: the list shows it as a plain row. */
    public boolean single() {
        return members.size() == 1;
    }

    /** The members' row ids ({@code alert-row-<id>}) and the group's actions row, which the group's toggle controls. */
    public String rowIds() {
        return String.join(" ", members.stream().map(m -> "alert-row-" + m.id()).toList()) + " " + actionsRowId();
    }

    /** The row under the members holding what one does to the whole group (acknowledge its firing members). */
    public String actionsRowId() {
        return "group-actions-" + worstId;
    }

    /** The ids of the members still firing (neither acknowledged nor resolved): what acknowledging the group takes. */
    public List<Long> firingIds() {
        return members.stream().filter(m -> m.state().equals("firing")).map(AlertLine::id).toList();
    }

    /** "2 firing, 1 acknowledged": the members' states in the list's order, each with its count. */
    public String states() {
        return AlertListQuery.STATES.stream()
                .map(state -> members.stream().filter(m -> m.state().equals(state)).count() + " " + state)
                .filter(text -> !text.startsWith("0 "))
                .reduce((a, b) -> a + ", " + b).orElse("");
    }
}
