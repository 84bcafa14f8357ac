package io.fabricpulse.server.web;

import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.api.AlertView;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * One alert as a row of the list and the head of its page.
 *
 * @param id         the alert's id
 * @param severity   critical, warning or info (lower case: also the CSS class)
 * @param rule       the rule that raised it
 * @param scope      what it is about: port, link, node, agent or fabric (lower case)
 * @param summary    one line: what and how bad
 * @param state      firing, acknowledged or resolved
 * @param ends       both ends of the link (the reporting one first), or the node
 * @param firedAt    when it fired, date and time in the UI's zone
 * @param firedAtIso the same as an ISO-8601 instant
 * @param age        how long ago it fired, at the page's rendering ("8 min ago")
 * @param ticket     the ticket given when it was acknowledged, null when none
 * @param ackedBy    who acknowledged it, null while firing
 * @param resolvedAt when it was resolved, null while open
 * @param silenced   an active silence covers it now
 * @param flapping   it fired again and again
 */
public record AlertLine(long id, String severity, String rule, String scope, String summary, String state, List<End> ends,
                        String firedAt, String firedAtIso, String age, String ticket, String ackedBy, String resolvedAt,
                        boolean silenced, boolean flapping) {

    /**
     * One end of an alert.
     *
     * @param label "name[port]" for a port, the node's name for a node-level alert: the full name, for hover
     * @param name  the node's short name ({@link ShortNames}), shown where space is short
     * @param port  "[port]", never cut off; empty for a node-level alert
     * @param href  its port page (or node page), a link the NOC follows to the cable
     */
    public record End(String label, String name, String port, String href) {

        public static End of(AlertEnd end) {
            if (end.portNumber() > 0) {
                return new End(end.nodeName() + "[" + end.portNumber() + "]", ShortNames.of(end.nodeName()),
                        "[" + end.portNumber() + "]", "/nodes/" + end.nodeGuid() + "/ports/" + end.portNumber());
            }
            return new End(end.nodeName(), ShortNames.of(end.nodeName()), "", "/nodes/" + end.nodeGuid());
        }
    }

    public static AlertLine of(AlertView alert, DisplayFormat format, Instant now) {
        return new AlertLine(alert.id(), alert.severity().name().toLowerCase(Locale.ROOT), alert.rule(),
                alert.scope().name().toLowerCase(Locale.ROOT), alert.summary(), alert.state().toLowerCase(Locale.ROOT),
                alert.context().ends().stream().map(End::of).toList(),
                format.dateTime(alert.firedAt()), format.isoTime(alert.firedAt()), format.age(alert.firedAt(), now),
                alert.ticket(),
                alert.acknowledgedBy(), alert.resolvedAt() == null ? null : format.dateTime(alert.resolvedAt()),
                alert.silenced(), alert.flapping());
    }
}
