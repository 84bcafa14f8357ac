package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortTable;
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
     * A node as the reports show it. Its times are updated in place while the reports repeat it: a record a report
     * was one more object a node kept until its next report.
     */
    private static final class NodeSeen {

        private final NodeType type;
        private final String description;
        /**
         * Agents whose latest complete walk reached the node: an immutable set, replaced when it changes (rarely: a
         * walk reaches the same nodes again and again); an empty one of its own was 56 bytes of every node.
         */
        private Set<String> inDiscoveryOf;
        /** As primitives: see {@link PortSeen#seenAt}. */
        private long lastSeenSeconds;
        private int lastSeenNanos;
        /** The latest complete walk that did not reach it, null when none did. */
        private Instant unreachedAt;

        NodeSeen(NodeType type, String description, Instant lastSeen, Set<String> inDiscoveryOf, Instant unreachedAt) {
            this.type = type;
            this.description = description;
            seen(lastSeen);
            this.inDiscoveryOf = inDiscoveryOf;
            this.unreachedAt = unreachedAt;
        }

        NodeType type() {
            return type;
        }

        String description() {
            return description;
        }

        Instant lastSeen() {
            return Instant.ofEpochSecond(lastSeenSeconds, lastSeenNanos);
        }

        void seen(Instant at) {
            lastSeenSeconds = at.getEpochSecond();
            lastSeenNanos = at.getNano();
        }

        Set<String> inDiscoveryOf() {
            return inDiscoveryOf;
        }

        /** Notes that {@code agentId}'s complete walk reached the node; true when that is news. */
        boolean reachedBy(String agentId) {
            if (inDiscoveryOf.contains(agentId)) {
                return false;
            }
            Set<String> more = new HashSet<>(inDiscoveryOf);
            more.add(agentId);
            inDiscoveryOf = Set.copyOf(more);
            return true;
        }

        /** Notes that {@code agentId}'s complete walk did not reach the node. */
        void unreachedBy(String agentId, Instant at) {
            if (inDiscoveryOf.contains(agentId)) {
                Set<String> fewer = new HashSet<>(inDiscoveryOf);
                fewer.remove(agentId);
                inDiscoveryOf = Set.copyOf(fewer);
            }
            unreachedAt = at;
        }

        Instant unreachedAt() {
            return unreachedAt;
        }
    }

    /**
     * What the topology needs of a port's latest report: its link, state and far end. Not the report itself: its
     * counters are the live fabric's, and its capability sets are four objects a port (the capability is one shared
     * per distinct one). Nor the report's peer record: the far end
     * is the port's shared {@link PortEnd}, its capability and LID as the reporting agent read them are numbers. Its
     * time is updated in place while the same agent's reports repeat what the model shows, as a node's is.
     */
    private static final class PortSeen {

        /**
         * The port as a model's cable end shows it: the model's link ends are the ports' own, so a model rebuilt
         * after a change makes none for the ports that did not change (two of 40 bytes a cable, at every rebuild).
         */
        private final LinkEndState link;
        private final String agentId;
        /** The far end, null when the report names none. */
        private final PortEnd peer;
        /** The far end's capability ({@link PortView#bits(PortCapability)}, 0 when unread) and LID (0 when unread). */
        private final int peerCapabilityBits;
        private final char peerLid;
        /**
         * When it was reported last, as primitives: a reference to each batch's (young) time stored into this
         * long-lived object was one more card and object for every young collection to scan and copy.
         */
        private long seenSeconds;
        private int seenNanos;

        /** @param supported what the report says the port supports and has enabled, the shared capability */
        PortSeen(PortEnd end, PortReport report, PortCapability supported, PortEnd peer, String agentId, Instant at) {
            this.link = new LinkEndState(end, report.lid(), report.state(), report.physicalState(),
                    report.linkWidthActive(), report.linkSpeedActive(), supported);
            this.agentId = agentId;
            seen(at);
            this.peer = peer;
            this.peerCapabilityBits = report.peer() == null ? 0 : PortView.bits(report.peer().capability());
            // LIDs are 16 bits (the ingest refuses others).
            this.peerLid = (char) (report.peer() == null ? 0 : lidOf(report.peer()));
        }

        private static int lidOf(PeerPort peer) {
            return peer.lid() == null ? 0 : peer.lid();
        }

        static final Comparator<PortSeen> NEWEST_FIRST = Comparator.comparingLong((PortSeen p) -> p.seenSeconds)
                .thenComparingInt(p -> p.seenNanos).reversed();

        LinkEndState link() {
            return link;
        }

        PortEnd end() {
            return link.end();
        }

        String agentId() {
            return agentId;
        }

        Instant seenAt() {
            return Instant.ofEpochSecond(seenSeconds, seenNanos);
        }

        void seen(Instant at) {
            seenSeconds = at.getEpochSecond();
            seenNanos = at.getNano();
        }

        int lid() {
            return link.lid();
        }

        PortState state() {
            return link.state();
        }

        PhysicalState physicalState() {
            return link.physicalState();
        }

        LinkWidth width() {
            return link.width();
        }

        LinkSpeed speed() {
            return link.speed();
        }

        PortEnd peer() {
            return peer;
        }

        /** The far end's capability as the reporting agent read it, 0 when it did not. */
        int peerCapabilityBits() {
            return peerCapabilityBits;
        }

        int peerLid() {
            return peerLid;
        }

        private boolean samePeer(PeerPort reported) {
            return reported == null ? peer == null
                    : peer != null && peer.port() == reported.portNumber() && peer.nodeGuid().equals(reported.nodeGuid())
                    && peerCapabilityBits == PortView.bits(reported.capability()) && peerLid == lidOf(reported);
        }

        /** Whether {@code report} of {@code agentId} repeats what this one says: then only its time moves on. */
        boolean repeatedBy(PortReport report, String agentId) {
            return this.agentId.equals(agentId) && lid() == report.lid() && state() == report.state()
                    && physicalState() == report.physicalState() && width() == report.linkWidthActive()
                    && speed() == report.linkSpeedActive()
                    && PortView.bits(link.supported()) == PortView.bits(report)
                    && samePeer(report.peer());
        }

        /** Same cable, state and rate: what the topology diff compares. */
        boolean sameStructure(PortSeen other) {
            return state() == other.state() && width() == other.width() && speed() == other.speed()
                    && Objects.equals(peer, other.peer) && peerCapabilityBits == other.peerCapabilityBits
                    && peerLid == other.peerLid;
        }

        /** Nothing a model shows of the port differs (the LID and physical state too, which routes and links read). */
        boolean sameInModel(PortSeen other) {
            return sameStructure(other) && lid() == other.lid() && physicalState() == other.physicalState()
                    && link.supported().equals(other.link.supported());
        }

        /** The far end this report shows cabled (physically up), null when none. */
        PortEnd cabledTo() {
            return CableHistory.linked(end().port(), physicalState(), peer == null ? 0 : peer.port()) ? peer : null;
        }
    }

    /**
     * A model and what it was built from: the {@link #version()} of the observations, the freshness bound it counted
     * reports from, and the instant until which time alone cannot change it (the first at which a report counted
     * in it grows older than {@code missingAfter}).
     */
    record Snapshot(FabricModel model, long version, Instant fresh, Instant validUntil) {

        /** Whether this is still the model at {@code now} for observations at {@code currentVersion}. */
        boolean holds(long currentVersion, Instant now) {
            return version == currentVersion && now.isBefore(validUntil);
        }
    }

    private final Duration missingAfter;
    private final Map<String, NodeSeen> nodes = new HashMap<>();
    private final PortIndex index;
    /** The ports' shared ends: a report's own and the far end it names. */
    private final PortEnds ends;
    private final PortTable<PortSeen> ports = new PortTable<>();
    /** Each agent's newest batch: a walk keeps its nodes present only while its agent is still reporting. */
    private final Map<String, Instant> agentSeen = new HashMap<>();
    /** Bumped by every batch that changed what a model shows; a {@link Snapshot} of an older version is stale. */
    private long version;
    /**
     * The freshness bound of the latest snapshot: a report older than it was left out, so its successor brings
     * something back into the model (a node, port or walk returning after a silence) even when nothing else differs.
     */
    private Instant snapshotFresh = Instant.MIN;
    /**
     * Capabilities by their bits, one object each: a kept model holds one per port end, and a fabric has a handful
     * of distinct ones.
     */
    private final Map<Integer, PortCapability> capabilities = new HashMap<>();

    ObservedFabric(Duration missingAfter, PortEnds ends) {
        this.missingAfter = missingAfter;
        this.ends = ends;
        this.index = ends.index();
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
        Change change = returning(agentSeen.get(batch.agentId()), at) ? Change.MODEL : Change.NONE; // its walk is back
        agentSeen.merge(batch.agentId(), at, (known, now) -> now.isAfter(known) ? now : known);
        Set<String> reported = new HashSet<>();
        for (NodeReport node : batch.nodes()) {
            reported.add(node.guid());
            change = change.and(node(node, at));
            for (PortReport port : node.ports()) {
                if (port.portNumber() > 0) {
                    change = change.and(port(node.guid(), port, batch.agentId(), at, lost));
                }
            }
        }
        IngestBatch.Discovery discovery = batch.discovery();
        if (discovery != null && discovery.complete() && completeWalk(batch.agentId(), at, reported, lost)) {
            change = Change.STRUCTURE;
        }
        if (change != Change.NONE) {
            version++;
        }
        return change == Change.STRUCTURE;
    }

    /** What a report changed: nothing, only what a model shows (a LID, a description, a return), or the structure. */
    private enum Change {
        NONE, MODEL, STRUCTURE;

        Change and(Change other) {
            return other.compareTo(this) > 0 ? other : this;
        }
    }

    /** Whether a report replacing one seen at {@code before} brings back what the latest snapshot left out as old. */
    private boolean returning(Instant before, Instant at) {
        return before != null && before.isBefore(snapshotFresh) && at.isAfter(before);
    }

    /** The version of the observations: bumped by every batch that changed what a model shows. */
    synchronized long version() {
        return version;
    }

    /**
     * The fabric at {@code now} (nodes present and the cables their current port reports agree on), with the version
     * it was built from and until when it holds: a caller keeps it while {@link Snapshot#holds}, and renews it
     * ({@link #renewed}) rather than building a model of 50,000 ports at every read.
     */
    synchronized Snapshot snapshot(Instant now, ToIntFunction<String> knownPortCount) {
        Instant fresh = now.minus(missingAfter);
        snapshotFresh = fresh.isAfter(snapshotFresh) ? fresh : snapshotFresh; // the newest bound: never too few returns
        Map<String, FabricNode> present = new HashMap<>();
        Map<String, Integer> highestPort = new HashMap<>();
        List<PortSeen> current = new ArrayList<>();
        for (PortSeen port : ports) {
            if (!port.seenAt().isBefore(fresh)) {
                current.add(port);
            }
        }
        current.sort(PortSeen.NEWEST_FIRST);
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
        return new Snapshot(new FabricModel(present, links), version, fresh, oldestFresh(fresh).plus(missingAfter));
    }

    /**
     * {@code kept} past its {@link Snapshot#validUntil()}, if nothing it counted has grown old since: its reports
     * were renewed by batches that only repeated them. Null when something did (or the observations changed), and
     * the model must be built again. One pass over the report times, not a build: a fabric that keeps reporting is
     * built once, not every {@code missingAfter}.
     */
    synchronized Snapshot renewed(Snapshot kept, Instant now) {
        if (kept.version() != version) {
            return null;
        }
        // A report older than the snapshot's bound was left out of it, and one that came back since changed the
        // version; so the model still holds while every report at or after the bound is fresh now.
        Instant oldest = oldestFresh(kept.fresh());
        Instant validUntil = oldest.plus(missingAfter);
        return now.isBefore(validUntil) ? new Snapshot(kept.model(), version, kept.fresh(), validUntil) : null;
    }

    /** The oldest report time still counted fresh (ports, nodes, walking agents): the first to grow old. */
    private Instant oldestFresh(Instant fresh) {
        Instant oldest = Instant.MAX.minus(missingAfter);
        for (PortSeen port : ports) {
            oldest = oldestAtOrAfter(port.seenAt(), fresh, oldest);
        }
        for (NodeSeen node : nodes.values()) {
            oldest = oldestAtOrAfter(node.lastSeen(), fresh, oldest);
        }
        for (Instant agent : agentSeen.values()) {
            oldest = oldestAtOrAfter(agent, fresh, oldest);
        }
        return oldest;
    }

    private static Instant oldestAtOrAfter(Instant seen, Instant fresh, Instant oldest) {
        return !seen.isBefore(fresh) && seen.isBefore(oldest) ? seen : oldest;
    }

    private boolean isPresent(String nodeGuid, Instant fresh) {
        NodeSeen node = nodes.get(nodeGuid);
        if (node == null) {
            return false;
        }
        boolean reportedSinceUnreached = node.unreachedAt() == null || !node.lastSeen().isBefore(node.unreachedAt());
        return reportedSinceUnreached && !node.lastSeen().isBefore(fresh) || inLiveWalk(node, fresh);
    }

    /** A loop, not a stream: asked for every node of every model built (a stream each was 3 % of the worker's garbage). */
    private boolean inLiveWalk(NodeSeen node, Instant fresh) {
        for (String agent : node.inDiscoveryOf()) {
            if (!agentSeen.getOrDefault(agent, Instant.MIN).isBefore(fresh)) {
                return true;
            }
        }
        return false;
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
            PortEnd far = seen.peer();
            if (far == null || far.port() < 1 || seen.state() == PortState.DOWN) {
                decided.put(end, end); // "not cabled", as this newest report says
                continue;
            }
            if (decided.containsKey(far) || far.equals(end)) {
                decided.put(end, end);
                continue;
            }
            decided.put(end, far);
            decided.put(far, end);
            if (present.test(end.nodeGuid()) && present.test(far.nodeGuid())) {
                PortSeen farSeen = byEnd.get(far);
                links.add(FabricLink.between(seen.link(), farSeen != null ? farSeen.link() : farEnd(far, seen)));
            }
        }
        return links;
    }


    /** The capability of {@code bits}, one object for each distinct one. */
    private PortCapability capability(int bits) {
        return capabilities.computeIfAbsent(bits, b -> PortCapability.fromBits(b >>> 16, b & 0xFFFF));
    }

    /** A far end no agent reports: the cable's rate, and its port's capability as the near end's agent read it. */
    private LinkEndState farEnd(PortEnd far, PortSeen near) {
        PortCapability capability = near.peerCapabilityBits() == 0 ? null : capability(near.peerCapabilityBits());
        // The LID the reporting agent's walk read names a host without an agent in the forwarding tables.
        int lid = near.peerLid();
        return capability == null ? LinkEndState.bare(far, lid, near.width(), near.speed())
                : new LinkEndState(far, lid, null, null, near.width(), near.speed(), capability);
    }

    private Change node(NodeReport report, Instant at) {
        NodeSeen known = nodes.get(report.guid());
        if (known != null && at.isBefore(known.lastSeen())) {
            return Change.NONE;
        }
        String description = report.description() != null ? report.description()
                : known == null ? null : known.description();
        if (known != null && known.type() == report.type() && Objects.equals(description, known.description())) {
            Instant before = known.lastSeen();
            known.seen(at);
            return returning(before, at) ? Change.MODEL : Change.NONE;
        }
        nodes.put(report.guid(), new NodeSeen(report.type(), description, at,
                known == null ? Set.of() : known.inDiscoveryOf(), known == null ? null : known.unreachedAt()));
        if (known == null || known.type() != report.type()) {
            return Change.STRUCTURE;
        }
        return returning(known.lastSeen(), at) || !Objects.equals(description, known.description())
                ? Change.MODEL : Change.NONE;
    }

    private Change port(String nodeGuid, PortReport report, String agentId, Instant at, List<CableLoss> lost) {
        int number = index.of(nodeGuid, report.portNumber());
        PortSeen known = ports.get(number);
        if (known != null && at.isBefore(known.seenAt())) {
            return Change.NONE;
        }
        if (known != null && known.repeatedBy(report, agentId)) {
            Instant before = known.seenAt();
            known.seen(at);
            return returning(before, at) ? Change.MODEL : Change.NONE;
        }
        PortEnd end = known == null ? ends.of(nodeGuid, report.portNumber()) : known.end();
        PeerPort reported = report.peer();
        // "Supported" is what the port supports and has enabled, as the link rules read it.
        PortSeen seen = new PortSeen(end, report, capability(PortView.bits(report)),
                reported == null ? null : ends.of(reported.nodeGuid(), reported.portNumber()), agentId, at);
        ports.set(number, seen);
        if (known == null) {
            return Change.STRUCTURE;
        }
        if (known.sameStructure(seen)) {
            return returning(known.seenAt(), at) || !known.sameInModel(seen) ? Change.MODEL : Change.NONE;
        }
        PortEnd was = known.cabledTo();
        if (was != null && !was.equals(seen.cabledTo())) {
            lost.add(new CableLoss(end, was, known.seenAt(), at));
        }
        return Change.STRUCTURE;
    }

    /** What the fabric last knew of a node, present or not (since the server started), empty when never seen. */
    synchronized Optional<FabricNode> seen(String guid) {
        NodeSeen node = nodes.get(guid);
        return node == null ? Optional.empty() : Optional.of(new FabricNode(guid, node.type(), node.description(), 1));
    }

    /**
     * The walk reached exactly {@code reached}: what this agent reported before and no longer does is
     * gone, and so is every node it did not reach, until someone reports it again.
     */
    private boolean completeWalk(String agentId, Instant at, Set<String> reached, List<CableLoss> lost) {
        boolean changed = false;
        for (PortSeen p : ports) {
            if (p.agentId().equals(agentId) && p.seenAt().isBefore(at)) {
                PortEnd was = p.cabledTo();
                if (was != null) {
                    lost.add(new CableLoss(p.end(), was, p.seenAt(), at));
                }
                ports.set(index.find(p.end().nodeGuid(), p.end().port()), null);
                changed = true;
            }
        }
        for (Map.Entry<String, NodeSeen> node : nodes.entrySet()) {
            if (reached.contains(node.getKey())) {
                changed |= node.getValue().reachedBy(agentId);
            } else {
                node.getValue().unreachedBy(agentId, at);
                changed = true;
            }
        }
        return changed;
    }
}
