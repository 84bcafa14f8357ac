package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.List;

/**
 * One line of the overview's strip: one problem, the alerts of one cable (or of one other subject) as
 * {@link AlertGroups} folds them for the alerts page, so a link flap's several alerts take one line, not three.
 *
 * @param key        the group's key ({@link AlertGroup#key})
 * @param id         the worst member's id: the summary leads to its page
 * @param severity   the worst member's severity (lower case)
 * @param ends       both ends of the cable by short name and port (the full name on hover), or the subject's one end
 * @param summary    what the worst member says
 * @param href       the worst member's page
 * @param alerts     how many alerts the group holds
 * @param count      "3 alerts" for a group, empty for an alert alone
 * @param countShort "×3" for a group, empty for an alert alone: the count where the wall has no room for words
 * @param rules      the members' rules, worst first (what the count names on hover); null for an alert alone
 * @param listHref   the alert list narrowed to the group (the count's link); null for an alert alone
 * @param firedAt    when the group began (its earliest member fired), date and time in the UI's zone
 * @param firedAtIso the same as an ISO-8601 instant
 * @param age        how long ago the group began
 */
public record StripLine(String key, long id, String severity, List<AlertLine.End> ends, String summary, String href,
                        int alerts, String count, String countShort, String rules, String listHref, String firedAt, String firedAtIso,
                        String age) {

    public StripLine {
        ends = List.copyOf(ends);
    }

    static StripLine of(AlertGroup group) {
        AlertLine worst = group.members().stream().filter(member -> member.id() == group.worstId()).findFirst()
                .orElseThrow();
        int alerts = group.members().size();
        boolean alone = alerts == 1;
        return new StripLine(group.key(), worst.id(), group.severity(), group.ends(), worst.summary(),
                "/alerts/" + worst.id(), alerts, alone ? "" : DisplayFormat.count(alerts) + " alerts",
                alone ? "" : "×" + DisplayFormat.count(alerts),
                alone ? null : String.join(", ", group.rules()), alone ? null : group.listHref(), group.firedAt(),
                group.firedAtIso(), group.age());
    }
}
