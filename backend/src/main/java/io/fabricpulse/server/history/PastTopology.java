package io.fabricpulse.server.history;

import io.fabricpulse.server.topology.CableHistory.Linked;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The topology at a past instant, rebuilt from today's and the cable history (a pure function, {@link #rebuild}):
 * today's cables first seen after the instant are left out, and so is a node all of whose cables came later; cables
 * gone now that were in place then are drawn back between the nodes they joined. A cable gone now was in place from
 * its first sighting until it was seen gone ({@code lostAt}, exact: the first report without it); one that went
 * without a report saying so is known only up to its stored last sighting, which may be an hour stale, so it is drawn
 * for that hour after it and said so.
 *
 * @param model the nodes and cables then
 * @param notes how this instant's topology was rebuilt, in counts a page shows as they are (none when as now)
 */
public record PastTopology(FabricModel model, List<String> notes) {

    private record Gone(PortEnd a, PortEnd b, Instant firstSeen, Instant lastSeen, Instant lostAt) {

        /** Both ends' rows: the earliest sighting, the latest, and the earliest end that saw it gone. */
        Gone merge(Gone other) {
            Instant lost = lostAt == null ? other.lostAt()
                    : other.lostAt() == null ? lostAt : min(lostAt, other.lostAt());
            return new Gone(a, b, min(firstSeen, other.firstSeen()), max(lastSeen, other.lastSeen()), lost);
        }
    }

    /**
     * @param at       the instant
     * @param now      today's topology
     * @param cables   the cable history, by port end (both ends of a cable each have a row)
     * @param lastKnown what the server last knew of a node that is not in today's topology (type and description)
     */
    public static PastTopology rebuild(Instant at, FabricModel now, Map<PortEnd, Linked> cables,
                                       Function<String, Optional<FabricNode>> lastKnown) {
        Map<String, Instant> firstSighting = new HashMap<>();
        cables.forEach((end, linked) -> {
            firstSighting.merge(end.nodeGuid(), linked.firstSeen(), PastTopology::min);
            firstSighting.merge(linked.peer().nodeGuid(), linked.firstSeen(), PastTopology::min);
        });
        Map<String, FabricNode> nodes = new HashMap<>();
        int laterNodes = 0;
        for (FabricNode node : now.nodes().values()) {
            Instant first = firstSighting.get(node.guid());
            if (first != null && first.isAfter(at)) {
                laterNodes++;
            } else {
                nodes.put(node.guid(), node);
            }
        }

        List<FabricLink> links = new ArrayList<>();
        Set<PortEnd> taken = new HashSet<>();
        Map<PortEnd, FabricLink> today = now.linksByEnd();
        int laterCables = 0;
        int unrecorded = 0;
        for (FabricLink link : now.links()) {
            Linked known = history(cables, link.a().end(), link.b().end());
            if (known == null) {
                unrecorded++;
            } else if (known.firstSeen().isAfter(at)) {
                laterCables++;
                continue;
            }
            if (nodes.containsKey(link.a().end().nodeGuid()) && nodes.containsKey(link.b().end().nodeGuid())) {
                links.add(link);
                taken.add(link.a().end());
                taken.add(link.b().end());
            } else {
                laterCables++;
            }
        }

        int drawnBack = 0;
        int unbounded = 0;
        int nameless = 0;
        Map<String, Integer> highestPort = new HashMap<>();
        for (Gone gone : gone(cables, today)) {
            if (gone.firstSeen().isAfter(at) || !inPlace(gone, at)) {
                continue;
            }
            if (taken.contains(gone.a()) || taken.contains(gone.b())) {
                continue; // a later sighting holds the port then
            }
            FabricNode a = node(gone.a().nodeGuid(), nodes, lastKnown);
            FabricNode b = node(gone.b().nodeGuid(), nodes, lastKnown);
            if (a == null || b == null) {
                nameless++;
                continue;
            }
            nodes.putIfAbsent(a.guid(), a);
            nodes.putIfAbsent(b.guid(), b);
            links.add(FabricLink.between(LinkEndState.bare(gone.a(), 0, null, null),
                    LinkEndState.bare(gone.b(), 0, null, null)));
            taken.add(gone.a());
            taken.add(gone.b());
            highestPort.merge(gone.a().nodeGuid(), gone.a().port(), Math::max);
            highestPort.merge(gone.b().nodeGuid(), gone.b().port(), Math::max);
            drawnBack++;
            if (gone.lostAt() == null && at.isAfter(gone.lastSeen())) {
                unbounded++;
            }
        }
        highestPort.forEach((guid, port) -> nodes.computeIfPresent(guid, (g, node) -> node.numPorts() >= port ? node
                : new FabricNode(g, node.type(), node.description(), port)));

        List<String> notes = new ArrayList<>();
        if (laterCables > 0 || laterNodes > 0) {
            String later = laterNodes == 0 ? count(laterCables, "cable") : laterCables == 0 ? count(laterNodes, "node")
                    : count(laterCables, "cable") + " and " + count(laterNodes, "node");
            notes.add(later + " first seen after this time " + (laterCables + laterNodes == 1 ? "is" : "are")
                    + " left out.");
        }
        if (drawnBack > 0) {
            notes.add(count(drawnBack, "cable") + " gone now " + (drawnBack == 1 ? "is" : "are")
                    + " drawn back as in place then, without width or speed (not stored).");
        }
        if (unbounded > 0) {
            notes.add(count(unbounded, "cable") + " drawn back went without a report of when (a node stopped"
                    + " reporting, or the server was down): stored only to the hour, " + (unbounded == 1 ? "it is" : "they are")
                    + " drawn up to an hour past " + (unbounded == 1 ? "its" : "their") + " last stored sighting.");
        }
        if (nameless > 0) {
            notes.add(count(nameless, "cable") + " in place then " + (nameless == 1 ? "is" : "are")
                    + " not drawn: an end's node has not reported since the server started, so nothing names it.");
        }
        if (unrecorded > 0) {
            notes.add(count(unrecorded, "cable") + " of today " + (unrecorded == 1 ? "has" : "have")
                    + " no cable history and " + (unrecorded == 1 ? "is" : "are") + " drawn as now.");
        }
        return new PastTopology(new FabricModel(nodes, links), List.copyOf(notes));
    }

    /** The history of the cable between {@code a} and {@code b}, by either end's row; null when none names the other. */
    private static Linked history(Map<PortEnd, Linked> cables, PortEnd a, PortEnd b) {
        Linked atA = cables.get(a);
        if (atA != null && atA.peer().equals(b)) {
            return atA;
        }
        Linked atB = cables.get(b);
        return atB != null && atB.peer().equals(a) ? atB : null;
    }

    /** Cables the history has that today's topology does not, both ends' rows merged; the latest seen first. */
    private static List<Gone> gone(Map<PortEnd, Linked> cables, Map<PortEnd, FabricLink> today) {
        Map<List<PortEnd>, Gone> gone = new HashMap<>();
        cables.forEach((end, linked) -> {
            FabricLink there = today.get(end);
            if (there != null && (there.a().end().equals(linked.peer()) || there.b().end().equals(linked.peer()))) {
                return;
            }
            PortEnd a = end.compareTo(linked.peer()) < 0 ? end : linked.peer();
            PortEnd b = a == end ? linked.peer() : end;
            gone.merge(List.of(a, b), new Gone(a, b, linked.firstSeen(), linked.lastSeen(), linked.lostAt()), Gone::merge);
        });
        return gone.values().stream().sorted(Comparator.comparing(Gone::lastSeen).reversed()
                .thenComparing(Gone::a)).toList();
    }

    /**
     * Whether a cable gone now was in place at {@code at} (not before its first sighting): until it was seen gone;
     * without that, up to its last stored sighting and the hour that sighting may be stale by.
     */
    private static boolean inPlace(Gone gone, Instant at) {
        if (gone.lostAt() != null) {
            return at.isBefore(gone.lostAt());
        }
        return at.isBefore(gone.lastSeen().plus(Linked.STALE));
    }

    private static FabricNode node(String guid, Map<String, FabricNode> nodes, Function<String, Optional<FabricNode>> lastKnown) {
        FabricNode node = nodes.get(guid);
        return node != null ? node : lastKnown.apply(guid).orElse(null);
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static Instant min(Instant x, Instant y) {
        return x.isBefore(y) ? x : y;
    }

    private static Instant max(Instant x, Instant y) {
        return x.isAfter(y) ? x : y;
    }
}
