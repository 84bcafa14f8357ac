package io.fabricpulse.server.alerting;

import java.util.List;

/**
 * A condition another feature detects and the alert engine keeps the alert for (topology changed
 * against the baseline, SM master changed or more than one master). The topology feature calls
 * {@link AlertEngine#raise} while the condition holds and {@link AlertEngine#clear} once it is over.
 *
 * @param rule    {@link RuleCatalog#TOPOLOGY_CHANGED}, {@link RuleCatalog#SM_MASTER} or another catalogued rule
 * @param subject what it is about, e.g. {@code AlertSubject.fabric("sm")} or a link
 * @param finding what was seen
 * @param ends    the nodes and ports concerned, for the message
 */
public record ExternalCondition(String rule, AlertSubject subject, Finding finding, List<AlertEnd> ends) {

    public ExternalCondition {
        ends = List.copyOf(ends);
    }
}
