package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Compares the live topology with the baseline, the way {@code ibcheck -t} compares a fabric with a
 * saved ibnetdiscover file. A pure function of its inputs (times are added by {@link TopologyChanges}).
 *
 * <p>One cause, one change: the cables of a node that is gone (or new) are not listed again as
 * missing (added) links, and a cable whose end is plugged elsewhere is one {@code LINK_MOVED}, not a
 * missing and an added link.
 */
final class TopologyDiff {

    private final FabricModel baseline;
    private final FabricModel current;
    private final Function<String, String> names;
    private final List<TopologyChange> changes = new ArrayList<>();

    private TopologyDiff(FabricModel baseline, FabricModel current, Function<String, String> names) {
        this.baseline = baseline;
        this.current = current;
        this.names = names;
    }

    /**
     * @param names display name of a node GUID, for the changes' words
     * @return the differences, nodes first, then links in port order
     */
    static List<TopologyChange> between(FabricModel baseline, FabricModel current, Function<String, String> names) {
        TopologyDiff diff = new TopologyDiff(baseline, current, names);
        diff.nodes();
        diff.links();
        return List.copyOf(diff.changes);
    }

    private void nodes() {
        for (FabricNode node : baseline.nodes().values()) {
            if (!current.nodes().containsKey(node.guid())) {
                add(ChangeKind.NODE_MISSING, node.guid(), null, null, null,
                        node.type() + " " + name(node.guid()) + " is gone");
            }
        }
        for (FabricNode node : current.nodes().values()) {
            if (!baseline.nodes().containsKey(node.guid())) {
                add(ChangeKind.NODE_ADDED, node.guid(), null, null, null, "new " + node.type() + " " + name(node.guid()));
            }
        }
    }

    private void links() {
        Map<PortEnd, FabricLink> now = current.linksByEnd();
        Set<FabricLink> explained = new HashSet<>();
        for (FabricLink old : baseline.links()) {
            if (!bothPresent(old, current)) {
                continue; // part of NODE_MISSING
            }
            FabricLink atA = now.get(old.a().end());
            FabricLink atB = now.get(old.b().end());
            if (sameEnds(old, atA)) {
                explained.add(atA);
                compare(old, atA);
            } else if (atA != null || atB != null) {
                FabricLink moved = atA != null ? atA : atB;
                PortEnd movedEnd = atA != null ? old.a().end() : old.b().end();
                PortEnd pluggedInto = other(moved, movedEnd);
                explained.add(moved);
                if (atA != null && atB != null) {
                    explained.add(atB);
                }
                add(ChangeKind.LINK_MOVED, old.a().end().nodeGuid(), old.a().end(), old.b().end(), pluggedInto,
                        "cable " + words(old.a().end()) + " - " + words(old.b().end()) + " moved: "
                                + words(movedEnd) + " is now cabled to " + words(pluggedInto));
            } else {
                add(ChangeKind.LINK_MISSING, old.a().end().nodeGuid(), old.a().end(), old.b().end(), null,
                        "cable " + words(old.a().end()) + " - " + words(old.b().end()) + " is missing");
            }
        }
        for (FabricLink link : current.links()) {
            if (!explained.contains(link) && bothPresent(link, baseline)) {
                add(ChangeKind.LINK_ADDED, link.a().end().nodeGuid(), link.a().end(), link.b().end(), null,
                        "new cable " + words(link.a().end()) + " - " + words(link.b().end()));
            }
            if (bothPresent(link, baseline)) {
                degraded(link, baseline.linkAt(link.a().end()).filter(old -> sameEnds(old, link)).orElse(null));
            }
        }
    }

    /** Port states, where the baseline knows them. */
    private void compare(FabricLink old, FabricLink now) {
        for (LinkEndState was : List.of(old.a(), old.b())) {
            LinkEndState is = was.end().equals(now.a().end()) ? now.a() : now.b();
            if (was.state() != null && is.state() != null && was.state() != is.state()) {
                add(ChangeKind.PORT_STATE_CHANGED, was.end().nodeGuid(), was.end(), null, null,
                        words(was.end()) + " is " + is.state() + ", was " + was.state());
            }
        }
    }

    /**
     * Below what both ends support, and not already so in the baseline: a link the baseline accepted at
     * its rate is no change (ibsim and older cables run below their ports' best on purpose).
     */
    private void degraded(FabricLink link, FabricLink old) {
        boolean narrow = link.belowSupportedWidth()
                && (old == null || old.width() == null || link.width().lanes() < old.width().lanes());
        boolean slow = link.belowSupportedSpeed()
                && (old == null || old.speed() == null || link.speed().laneGbps() < old.speed().laneGbps());
        if (narrow || slow) {
            add(ChangeKind.LINK_DEGRADED, link.a().end().nodeGuid(), link.a().end(), link.b().end(), null,
                    "cable " + words(link.a().end()) + " - " + words(link.b().end()) + " runs at "
                            + rate(link.width(), link.speed()) + ", both ends support "
                            + rate(link.bestCommonWidth(), link.bestCommonSpeed()));
        }
    }

    private static String rate(LinkWidth width, LinkSpeed speed) {
        return (width == null ? "?" : width.label()) + " " + (speed == null ? "?" : speed.name());
    }

    private static boolean bothPresent(FabricLink link, FabricModel model) {
        return model.nodes().containsKey(link.a().end().nodeGuid()) && model.nodes().containsKey(link.b().end().nodeGuid());
    }

    private static boolean sameEnds(FabricLink one, FabricLink other) {
        return other != null && one.a().end().equals(other.a().end()) && one.b().end().equals(other.b().end());
    }

    private static PortEnd other(FabricLink link, PortEnd end) {
        return link.a().end().equals(end) ? link.b().end() : link.a().end();
    }

    private String words(PortEnd end) {
        return name(end.nodeGuid()) + "[" + end.port() + "]";
    }

    private String name(String guid) {
        return Objects.requireNonNullElse(names.apply(guid), guid);
    }

    private void add(ChangeKind kind, String nodeGuid, PortEnd port, PortEnd peer, PortEnd now, String detail) {
        changes.add(new TopologyChange(kind, nodeGuid, port, peer, now, detail, null, null));
    }
}
