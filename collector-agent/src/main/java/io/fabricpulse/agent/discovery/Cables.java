package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.topology.LinkEnd;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cables a walk has seen, each port at most once. A cable seen again from its other end is the
 * same cable; a port seen cabled to a second far end contradicts the first sighting (two nodes with one
 * GUID, or a cable moved during the walk): the new sighting wins, as in libibnetdisc, and the
 * contradiction is reported.
 */
final class Cables {

    private final Map<LinkEnd, LinkEnd> farEnds = new HashMap<>();

    /** Records the cable from {@code from} to {@code to}; returns what it contradicts, one line each. */
    List<String> connect(LinkEnd from, LinkEnd to) {
        if (from.equals(to)) {
            return List.of("port " + from + " answers as its own far end");
        }
        if (to.equals(farEnds.get(from))) {
            return List.of();
        }
        List<String> contradictions = new ArrayList<>();
        for (LinkEnd end : List.of(from, to)) {
            LinkEnd previous = farEnds.remove(end);
            if (previous != null) {
                farEnds.remove(previous);
                contradictions.add("port %s was seen cabled to %s, now to %s (a duplicate GUID, or recabled during the walk)"
                        .formatted(end, previous, end.equals(from) ? to : from));
            }
        }
        farEnds.put(from, to);
        farEnds.put(to, from);
        return contradictions;
    }

    /** Every cable from both ends: each port to its far end. */
    Map<LinkEnd, LinkEnd> both() {
        return farEnds;
    }
}
