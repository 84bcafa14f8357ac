package io.fabricpulse.server.notify;

import io.fabricpulse.model.ingest.NodeText;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One thing worth telling people about an alert: it fired, was acknowledged, resolved or commented.
 * The alert engine builds these; {@link Notifications#announce} queues one delivery per matching
 * channel. Everything a message shows is here, so a channel never needs to look anything up. No text
 * in it carries a control character ({@link NodeText#readable}): a node name, a comment or a ticket with a
 * CR/LF, ESC, BEL or NUL cannot forge a line of any channel's message; each channel then escapes its own
 * markup.
 *
 * @param kind            what happened
 * @param alertId         the alert's id; the alert page is {@code <public-url>/alerts/<alertId>}
 * @param rule            the rule that fired, such as {@code symbol-error-ber}
 * @param severity        how bad
 * @param summary         one sentence saying what is wrong, such as "Symbol errors above the BER limit"
 * @param counter         the IBA counter the rule watches, such as {@code SymbolErrorCounter}; null for
 *                        rules on something else (port state, topology, a silent agent)
 * @param rate            the counter's rate per second when the notice was made; null when not a rate rule
 * @param threshold       the rule's limit in the same unit as {@code rate}; null when not a rate rule
 * @param ends            the link's ends (two for a link alert, one for a node or port alert, none for
 *                        a fabric-wide one such as a second SM master)
 * @param cluster         the cluster the nodes belong to (fabrics.conf section); null when none
 * @param since           when the alert started firing
 * @param at              when this event (the firing, the acknowledgement, ...) happened
 * @param ackBy           who acknowledged; null unless acknowledged
 * @param ticket          the ticket reference given with the acknowledgement; null when none
 * @param comment         the comment's text for {@link Kind#COMMENTED}, or one given with an acknowledgement
 * @param suggestedChecks what an operator should look at, in order (reseat the cable, mlxlink, ...)
 * @param jobs            the scheduler jobs the alert hurts when it fired: on its nodes, or with pairs of nodes
 *                        routed over its link (names are the users' text: each channel escapes them)
 */
public record AlertNotice(Kind kind, String alertId, String rule, Severity severity, String summary,
                          String counter, Double rate, Double threshold, List<End> ends, String cluster,
                          Instant since, Instant at, String ackBy, String ticket, String comment,
                          List<String> suggestedChecks, List<Job> jobs) {

    /** A notice without jobs: what every alert was before the jobs feature, and what a fabric-wide one is. */
    public AlertNotice(Kind kind, String alertId, String rule, Severity severity, String summary, String counter,
                       Double rate, Double threshold, List<End> ends, String cluster, Instant since, Instant at,
                       String ackBy, String ticket, String comment, List<String> suggestedChecks) {
        this(kind, alertId, rule, severity, summary, counter, rate, threshold, ends, cluster, since, at, ackBy, ticket,
                comment, suggestedChecks, List.of());
    }

    public AlertNotice {
        alertId = NodeText.readable(alertId);
        rule = NodeText.readable(rule);
        summary = NodeText.readable(summary);
        counter = NodeText.readable(counter);
        cluster = NodeText.readable(cluster);
        ackBy = NodeText.readable(ackBy);
        ticket = NodeText.readable(ticket);
        comment = NodeText.readable(comment);
        suggestedChecks = suggestedChecks == null ? null
                : suggestedChecks.stream().map(NodeText::readable).toList();
        Objects.requireNonNull(kind, "kind");
        requireText("alertId", alertId);
        requireText("rule", rule);
        Objects.requireNonNull(severity, "severity");
        requireText("summary", summary);
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(at, "at");
        ends = ends == null ? List.of() : List.copyOf(ends);
        suggestedChecks = suggestedChecks == null ? List.of() : List.copyOf(suggestedChecks);
        jobs = jobs == null ? List.of() : List.copyOf(jobs);
    }

    /**
     * What happened to the alert. Each is its own event with its own deliveries, so a channel sees
     * an alert fire, get acknowledged and resolve.
     */
    public enum Kind { FIRING, ACKNOWLEDGED, RESOLVED, COMMENTED }

    /** How bad; a webhook's {@code min-severity} keeps the lower ones away from it. Ordered from least. */
    public enum Severity { INFO, WARNING, CRITICAL }

    /** The kind of node at one end. */
    public enum NodeType { SWITCH, CA }

    /**
     * One end of the link (or the one port) the alert is about.
     *
     * @param nodeName   the node's name (node-name-map name, or its node description)
     * @param nodeGuid   the node GUID, {@code 0x} and 16 hex digits
     * @param portNumber the port on that node (for a switch, the switch port the cable is in)
     * @param lid        the port's LID (a switch's ports share the switch's LID); null when unknown
     * @param nodeType   switch or channel adapter; null when not known yet (a far end only named by its peer)
     */
    public record End(String nodeName, String nodeGuid, int portNumber, Integer lid, NodeType nodeType) {

        public End {
            nodeName = NodeText.readable(nodeName);
            nodeGuid = NodeText.readable(nodeGuid);
            requireText("end nodeName", nodeName);
            requireText("end nodeGuid", nodeGuid);
            if (portNumber < 0 || portNumber > 255) {
                throw new IllegalArgumentException("end portNumber must be 0..255, got " + portNumber);
            }
        }
    }

    /**
     * A job the alert hurts.
     *
     * @param id    the scheduler's job id
     * @param name  the job's name, as its user gave it
     * @param user  who runs it
     * @param pairs how many of its node pairs are routed over the link; 0 when it is listed for running on an end
     */
    public record Job(String id, String name, String user, int pairs) {
    }

    /** A key naming this event (not the delivery): the same event announced twice is delivered once. */
    public String eventKey() {
        return alertId + "/" + kind + "/" + at;
    }

    private static void requireText(String what, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("alert notice: " + what + " is required");
        }
    }
}
