package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.store.SilenceRow;

import java.time.Instant;
import java.util.List;

/**
 * The silences not yet expired, in memory (each transition asks), replaced when the state store is
 * re-read or the API changes one. Whether a silence applies follows from its times and the instant
 * asked about.
 */
public final class Silences {

    private volatile List<SilenceRow> silences = List.of();

    public void replace(List<SilenceRow> notExpired) {
        silences = List.copyOf(notExpired);
    }

    /** The first silence active at {@code at} that matches, or null. */
    public SilenceRow matching(String rule, String subjectKey, String nodeGuid, String peerGuid, String cluster,
                               Instant at) {
        for (SilenceRow silence : silences) {
            if ("ACTIVE".equals(silence.stateAt(at))
                    && matches(silence, rule, subjectKey, nodeGuid, peerGuid, cluster)) {
                return silence;
            }
        }
        return null;
    }

    public boolean silenced(AlertEvent event) {
        return matching(event.rule(), event.subject(), nodeOf(event, 0), nodeOf(event, 1), event.cluster(),
                event.at()) != null;
    }

    private static String nodeOf(AlertEvent event, int end) {
        return event.ends().size() > end ? event.ends().get(end).nodeGuid() : null;
    }

    private static boolean matches(SilenceRow silence, String rule, String subjectKey, String nodeGuid,
                                   String peerGuid, String cluster) {
        String value = silence.matchValue();
        return switch (silence.matchKind()) {
            case "NODE" -> value.equals(nodeGuid) || value.equals(peerGuid);
            case "LINK" -> value.equals(subjectKey);
            case "CLUSTER" -> value.equals(cluster);
            case "RULE" -> value.equals(rule);
            default -> false;
        };
    }
}
