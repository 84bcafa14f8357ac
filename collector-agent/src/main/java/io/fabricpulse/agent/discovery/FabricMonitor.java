package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.logging.OnceLog;
import io.fabricpulse.agent.umad.EnginePool;
import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.LocalCa;
import io.fabricpulse.agent.umad.LocalPort;
import io.fabricpulse.agent.umad.MadEngine;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.Topology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * The fabric-wide part of a {@code discover}-role agent: walks the fabric on a schedule and, every
 * poll, sweeps every cabled switch port (PortInfo, PortCounters and PortCountersExtended), or those of the
 * switches the server's split gives this agent ({@link SweepShardAnswers}), reporting them with their peers
 * from the walk. Each separate plane is walked from the first active local port
 * on it (a second rail from the HCA cabled to it) and swept through that port, because LIDs belong to
 * one subnet. The poll after a walk also reports the CAs it found, by identity only (their cables are in
 * the switch ports' peers, their counters are their own agents' to read), so the server can name
 * every node, also those that run no agent.
 * <p>
 * Nothing here throws for the fabric's sake: a walk that fails is retried at the next poll, a port that
 * fails is left out of that sweep, and each problem is logged once.
 */
public final class FabricMonitor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(FabricMonitor.class);

    private final UmadLibrary umad;
    private final EngineSettings settings;
    private final Duration discoverInterval;
    private final Clock clock;
    private final OnceLog problems = new OnceLog(log);
    private final EnginePool engines;
    private final ForwardingTableSchedule tables;
    private final SweepShardAnswers shard;
    private List<Plane> planes = List.of();
    private Instant discoveredAt;
    /** The walk the latest poll's reports carry, null when that poll did not walk. */
    private IngestBatch.Discovery lastPollDiscovery;
    /** The SMInfo answers of the latest poll, from the ports with IsSM set that the agent's own source does not ask. */
    private List<SubnetManagerReport> lastPollManagers = List.of();

    /** One separately managed fabric and the local port it is reached through. */
    private record Plane(String via, int localPort, DiscoveredFabric fabric, SweepPlan plan, PortSweeper sweeper,
                         MadCalls calls, ForwardingTableReader tableReader) {

        boolean reaches(long nodeGuid, int port) {
            return fabric.topology().linkAt(new LinkEnd(nodeGuid, port)).isPresent();
        }
    }

    /**
     * @param engines        the local ports' engines, shared with the agent's own umad source (one engine per port)
     * @param tablesInterval how often to read the switches' forwarding tables besides after a change; zero: never
     * @param shard          which switches the server gives this agent to sweep (every one until it says)
     */
    public FabricMonitor(UmadLibrary umad, EnginePool engines, Duration discoverInterval, Duration tablesInterval,
                         SweepShardAnswers shard, Clock clock) {
        this.shard = shard;
        this.umad = umad;
        this.engines = engines;
        this.settings = engines.settings();
        this.discoverInterval = discoverInterval;
        this.tables = new ForwardingTableSchedule(tablesInterval);
        this.clock = clock;
    }

    /** Walks again when due, then sweeps; the reports of every plane, merged. */
    public List<NodeReport> poll() {
        Instant walkStart = clock.instant();
        boolean walked = discoveryDue() && rediscover();
        lastPollDiscovery = walked ? discovery(walkStart) : null;
        List<List<NodeReport>> readings = new ArrayList<>();
        List<SubnetManagerReport> managers = new ArrayList<>();
        for (Plane plane : planes) {
            managers.addAll(SubnetManagers.askOthers(plane.fabric(), plane.localPort(), plane.calls()));
            List<SweepTarget> targets = shard.sharded() ? plane.plan().targets().stream()
                    .filter(target -> shard.sweeps(target.nodeGuid())).toList() : plane.plan().targets();
            SweepResult result = plane.sweeper().sweep(targets, true, true);
            readings.add(FabricReports.swept(plane.fabric(), result));
            if (result.failed() > 0) {
                problems.warn("sweep " + plane.via(), "failed", () -> "sweep through %s: %d of %d switch ports not read, first: %s"
                        .formatted(plane.via(), result.failed(), targets.size(), result.problems().getFirst()));
            } else {
                problems.clear("sweep " + plane.via(), () -> "sweep through " + plane.via() + " reads every port again");
            }
            if (walked) {
                readings.add(FabricReports.unlinkedSwitchPorts(plane.fabric()));
                // The switches another agent sweeps by identity: the walk reached them, so they are not gone.
                readings.add(FabricReports.identities(plane.fabric(),
                        node -> !node.isSwitch() || !shard.sweeps(node.guid())));
            }
        }
        List<Topology> walks = planes.stream().map(p -> p.fabric().topology()).toList();
        if (tables.due(walkStart, walks, walked)) {
            planes.forEach(plane -> readings.add(readTables(plane)));
            tables.read(walkStart, walks);
        }
        lastPollManagers = List.copyOf(managers);
        return NodeReports.merge(readings);
    }

    /**
     * Sweeps now only the switches {@code gained} accepts (a shard that gained them: their agent has gone), for a
     * batch of their own between polls; the next poll sweeps them with the rest of the shard.
     */
    public List<NodeReport> sweepGained(LongPredicate gained) {
        List<List<NodeReport>> readings = new ArrayList<>();
        for (Plane plane : planes) {
            List<SweepTarget> targets = plane.plan().targets().stream()
                    .filter(target -> gained.test(target.nodeGuid()) && shard.sweeps(target.nodeGuid())).toList();
            if (!targets.isEmpty()) {
                readings.add(FabricReports.swept(plane.fabric(), plane.sweeper().sweep(targets, true, true)));
            }
        }
        return NodeReports.merge(readings);
    }

    private List<NodeReport> readTables(Plane plane) {
        ForwardingTableReader.Result result = plane.tableReader().read(plane.fabric());
        if (result.problems().isEmpty()) {
            problems.clear("tables " + plane.via(), () -> "forwarding tables through " + plane.via() + " read whole again");
        } else {
            problems.warn("tables " + plane.via(), result.problems().getFirst(), () -> ("forwarding tables through %s: "
                    + "%d of %d requests failed; %s").formatted(plane.via(), result.failedRequests(), result.requests(),
                    String.join("; ", result.problems())));
        }
        log.debug("read {} forwarding tables through {} in {} ms", result.tables().size(), plane.via(),
                result.elapsed().toMillis());
        return FabricReports.forwardingTables(plane.fabric(), result);
    }

    /**
     * The SMInfo answers of the latest {@link #poll()}: every port with IsSM set that the walk found, except
     * the master the local port names (the agent's own source asks that one), so each SM is asked once.
     */
    public List<SubnetManagerReport> lastPollSubnetManagers() {
        return lastPollManagers;
    }

    /**
     * The walk the latest {@link #poll()} reported, null when it only swept: the server learns from it
     * that every node the walk reached is in that batch, so a node absent from it is gone.
     */
    public IngestBatch.Discovery lastPollDiscovery() {
        return lastPollDiscovery;
    }

    /** Complete only when every plane was walked without a failed request: otherwise absence proves nothing. */
    private IngestBatch.Discovery discovery(Instant startedAt) {
        Plane first = planes.getFirst();
        boolean complete = planes.stream().allMatch(plane -> plane.fabric().complete());
        return new IngestBatch.Discovery(complete, Guids.format(first.fabric().startNodeGuid()), first.localPort(),
                startedAt);
    }

    private boolean discoveryDue() {
        return discoveredAt == null || !clock.instant().isBefore(discoveredAt.plus(discoverInterval));
    }

    /** Walks from every active local port not already on a walked plane; true when at least one plane was walked. */
    private boolean rediscover() {
        List<LocalCa> cas;
        try {
            cas = UmadSession.listCas(umad);
        } catch (UmadUnavailableException e) {
            problems.warn("discovery", e.getMessage(), () -> "discovery: no local port to walk from: " + e.getMessage());
            return false;
        }
        List<Plane> found = new ArrayList<>();
        for (LocalCa ca : cas) {
            for (LocalPort port : ca.ports()) {
                if (port.active() && port.infiniBand()
                        && found.stream().noneMatch(p -> p.reaches(ca.nodeGuid(), port.portNumber()))) {
                    walk(ca, port).ifPresent(found::add);
                }
            }
        }
        if (found.isEmpty()) {
            problems.warn("discovery", "nothing", () -> "discovery: no active InfiniBand port reached a fabric; "
                    + "retrying at the next poll");
            return false;
        }
        problems.clear("discovery", () -> "discovery works again");
        planes = List.copyOf(found);
        discoveredAt = clock.instant();
        return true;
    }

    private Optional<Plane> walk(LocalCa ca, LocalPort port) {
        String via = ca.name() + " port " + port.portNumber();
        MadEngine engine;
        try {
            engine = engines.engine(ca, port);
        } catch (UmadUnavailableException e) {
            problems.warn("walk " + via, e.getMessage(), () -> "discovery through " + via + ": " + e.getMessage());
            return Optional.empty();
        }
        DiscoveredFabric fabric = new FabricDiscoverer(engine::submit, settings, clock).discover();
        if (fabric.topology().nodes().isEmpty()) {
            problems.warn("walk " + via, "empty", () -> "discovery through " + via + " found nothing: "
                    + String.join("; ", fabric.problems()));
            return Optional.empty();
        }
        SweepPlan plan = SweepPlan.switchPorts(fabric);
        long switches = fabric.nodes().values().stream().filter(DiscoveredNode::isSwitch).count();
        log.info("discovered through {}: {} nodes ({} switches), {} links in {} ms; sweeping {} switch ports{}{}", via,
                fabric.topology().nodes().size(), switches, fabric.topology().links().size(),
                fabric.elapsed().toMillis(), plan.targets().size(),
                plan.unaddressable() == 0 ? "" : " (" + plan.unaddressable() + " without a LID: no subnet manager?)",
                fabric.complete() ? "" : "; partial: " + fabric.failedRequests() + " requests failed, first: "
                        + fabric.problems().getFirst());
        return Optional.of(new Plane(via, port.portNumber(), fabric, plan, new PortSweeper(engine::submit, settings, clock),
                engine::submit, new ForwardingTableReader(engine::submit, settings, clock)));
    }

    @Override
    public void close() {
        engines.close();
    }
}
