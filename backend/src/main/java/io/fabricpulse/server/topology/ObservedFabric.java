package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * The fabric's structure as the agents' batches tell it: each node's identity and, per port, the
 * latest report with its peer. Counters and rates are the live fabric's business, not kept here.
 *
 * <p>When is something gone? A node reached by the latest <em>complete</em> walk of a discover-role agent
 * that still reports (a batch younger than {@code missingAfter}) is there; one that walk did not reach is gone
 * at once, unless someone reported it since. A discover agent that stopped no longer keeps its last walk's nodes. Without
 * complete walks a node or a port report is current while younger than {@code missingAfter}. A
 * complete walk also drops that agent's older port reports: what it still sees, it reported again.
 *
 * <p>Thread-safe: one lock; applying a batch and building a model are short and never block.
 */
final class ObservedFabric {

    /**
     * @param inDiscoveryOf agents whose latest complete walk reached the node
     * @param unreachedAt   the latest complete walk that did not reach it, null when none did
     */
    private record NodeSeen(NodeType type, String description, Instant lastSeen, Set<String> inDiscoveryOf,
                            Instant unreachedAt) {

        NodeSeen unreached(Instant at) {
            return new NodeSeen(type, description, lastSeen, inDiscoveryOf, at);
        }
    }

    private record PortSeen(PortEnd end, PortReport report, String agentId, Instant seenAt) {
    }

    private final Duration missingAfter;
    private final Map<String, NodeSeen> nodes = new HashMap<>();
    private final Map<PortEnd, PortSeen> ports = new HashMap<>();
    /** Each agent's newest batch: a walk keeps its nodes present only while its agent is still reporting. */
    private final Map<String, Instant> agentSeen = new HashMap<>();

    ObservedFabric(Duration missingAfter) {
        this.missingAfter = missingAfter;
    }

    /**
     * Takes one validated batch.
     *
     * @param lost where the cables this batch shows gone are added (looked for only where the structure changed)
     * @return true when the structure may have changed (a node or a port state, rate or peer differs),
     *         false for a batch that only repeats what was known
     */
    synchronized boolean apply(IngestBatch batch, List<CableLoss> lost) {
        Instant at = batch.collectedAt();
        agentSeen.merge(batch.agentId(), at, (known, now) -> now.isAfter(known) ? now : known);
        boolean changed = false;
        Set<String> reported = new HashSet<>();
        for (NodeReport node : batch.nodes()) {
            reported.add(node.guid());
            changed |= node(node, at);
            for (PortReport port : node.ports()) {
                if (port.portNumber() > 0) {
                    changed |= port(new PortEnd(node.guid(), port.portNumber()), port, batch.agentId(), at, lost);
                }
            }
        }
        IngestBatch.Discovery discovery = batch.discovery();
        if (discovery != null && discovery.complete()) {
            changed |= completeWalk(batch.agentId(), at, reported, lost);
        }
        return changed;
    }

    /** The fabric at {@code now}: nodes present and the cables their current port reports agree on. */
    synchronized FabricModel model(Instant now, ToIntFunction<String> knownPortCount) {
        Instant fresh = now.minus(missingAfter);
        Map<String, FabricNode> present = new HashMap<>();
        Map<String, Integer> highestPort = new HashMap<>();
        List<PortSeen> current = ports.values().stream().filter(p -> !p.seenAt().isBefore(fresh))
                .sorted(Comparator.comparing(PortSeen::seenAt).reversed()).toList();
        List<FabricLink> links = links(current, nodeGuid -> isPresent(nodeGuid, fresh));
        for (FabricLink link : links) {
            for (LinkEndState end : List.of(link.a(), link.b())) {
                highestPort.merge(end.end().nodeGuid(), end.end().port(), Math::max);
            }
        }
        nodes.forEach((guid, node) -> {
            if (isPresent(guid, fresh)) {
                int numPorts = Math.max(highestPort.getOrDefault(guid, 1), knownPortCount.applyAsInt(guid));
                present.put(guid, new FabricNode(guid, node.type(), node.description(), numPorts));
            }
        });
        return new FabricModel(present, links);
    }

    private boolean isPresent(String nodeGuid, Instant fresh) {
        NodeSeen node = nodes.get(nodeGuid);
        if (node == null) {
            return false;
        }
        boolean reportedSinceUnreached = node.unreachedAt() == null || !node.lastSeen().isBefore(node.unreachedAt());
        boolean inLiveWalk = node.inDiscoveryOf().stream()
                .anyMatch(agent -> !agentSeen.getOrDefault(agent, Instant.MIN).isBefore(fresh));
        return inLiveWalk || (reportedSinceUnreached && !node.lastSeen().isBefore(fresh));
    }

    /**
     * Newest report first: a port's newest report decides whether it is cabled and to what; an older
     * claim that contradicts a newer one (the far end has since reported another peer, or none) loses.
     */
    private List<FabricLink> links(List<PortSeen> newestFirst, Predicate<String> present) {
        Map<PortEnd, PortSeen> byEnd = new HashMap<>();
        newestFirst.forEach(p -> byEnd.putIfAbsent(p.end(), p));
        Map<PortEnd, PortEnd> decided = new HashMap<>();
        List<FabricLink> links = new ArrayList<>();
        for (PortSeen seen : newestFirst) {
            PortEnd end = seen.end();
            if (decided.containsKey(end)) {
                continue;
            }
            PeerPort peer = seen.report().peer();
            if (peer == null || peer.portNumber() < 1 || seen.report().state() == PortState.DOWN) {
                decided.put(end, end); // "not cabled", as this newest report says
                continue;
            }
            PortEnd far = new PortEnd(peer.nodeGuid(), peer.portNumber());
            if (decided.containsKey(far) || far.equals(end)) {
                decided.put(end, end);
                continue;
            }
            decided.put(end, far);
            decided.put(far, end);
            if (present.test(end.nodeGuid()) && present.test(far.nodeGuid())) {
                PortSeen farSeen = byEnd.get(far);
                links.add(FabricLink.between(state(end, seen.report()), farSeen != null
                        ? state(far, farSeen.report()) : farEnd(far, seen.report())));
            }
        }
        return links;
    }

    /** What a port's report says of it; "supported" is what it supports and has enabled, as the link rules read it. */
    private static LinkEndState state(PortEnd end, PortReport report) {
        PortCapability capability = PortCapability.of(report);
        return new LinkEndState(end, report.lid(), report.state(), report.physicalState(), report.linkWidthActive(),
                report.linkSpeedActive(), capability.widths(), capability.speeds());
    }

    /** A far end no agent reports: the cable's rate, and its port's capability as the near end's agent read it. */
    private static LinkEndState farEnd(PortEnd far, PortReport near) {
        PortCapability capability = near.peer().capability();
        // The LID the reporting agent's walk read names a host without an agent in the forwarding tables.
        int lid = near.peer().lid() == null ? 0 : near.peer().lid();
        return capability == null ? LinkEndState.bare(far, lid, near.linkWidthActive(), near.linkSpeedActive())
                : new LinkEndState(far, lid, null, null, near.linkWidthActive(), near.linkSpeedActive(),
                capability.widths(), capability.speeds());
    }

    private boolean node(NodeReport report, Instant at) {
        NodeSeen known = nodes.get(report.guid());
        if (known != null && at.isBefore(known.lastSeen())) {
            return false;
        }
        String description = report.description() != null ? report.description()
                : known == null ? null : known.description();
        nodes.put(report.guid(), new NodeSeen(report.type(), description, at,
                known == null ? new HashSet<>() : known.inDiscoveryOf(), known == null ? null : known.unreachedAt()));
        return known == null || known.type() != report.type();
    }

    private boolean port(PortEnd end, PortReport report, String agentId, Instant at, List<CableLoss> lost) {
        PortSeen known = ports.get(end);
        if (known != null && at.isBefore(known.seenAt())) {
            return false;
        }
        ports.put(end, new PortSeen(end, report, agentId, at));
        if (known == null) {
            return true;
        }
        if (sameStructure(known.report(), report)) {
            return false;
        }
        PortEnd was = cabledTo(known.report());
        if (was != null && !was.equals(cabledTo(report))) {
            lost.add(new CableLoss(end, was, known.seenAt(), at));
        }
        return true;
    }

    /** The far end a report shows cabled (physically up), null when none. */
    private static PortEnd cabledTo(PortReport report) {
        return CableHistory.linked(report) ? new PortEnd(report.peer().nodeGuid(), report.peer().portNumber()) : null;
    }

    /** What the fabric last knew of a node, present or not (since the server started), empty when never seen. */
    synchronized Optional<FabricNode> seen(String guid) {
        NodeSeen node = nodes.get(guid);
        return node == null ? Optional.empty() : Optional.of(new FabricNode(guid, node.type(), node.description(), 1));
    }

    private static boolean sameStructure(PortReport one, PortReport other) {
        return one.state() == other.state() && one.linkWidthActive() == other.linkWidthActive()
                && one.linkSpeedActive() == other.linkSpeedActive() && Objects.equals(one.peer(), other.peer());
    }

    /**
     * The walk reached exactly {@code reached}: what this agent reported before and no longer does is
     * gone, and so is every node it did not reach, until someone reports it again.
     */
    private boolean completeWalk(String agentId, Instant at, Set<String> reached, List<CableLoss> lost) {
        boolean changed = ports.values().removeIf(p -> {
            boolean gone = p.agentId().equals(agentId) && p.seenAt().isBefore(at);
            PortEnd was = gone ? cabledTo(p.report()) : null;
            if (was != null) {
                lost.add(new CableLoss(p.end(), was, p.seenAt(), at));
            }
            return gone;
        });
        for (Map.Entry<String, NodeSeen> node : nodes.entrySet()) {
            Set<String> by = node.getValue().inDiscoveryOf();
            if (reached.contains(node.getKey())) {
                changed |= by.add(agentId);
            } else {
                by.remove(agentId);
                node.setValue(node.getValue().unreached(at));
                changed = true;
            }
        }
        return changed;
    }
}
