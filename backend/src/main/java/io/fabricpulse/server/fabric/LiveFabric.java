package io.fabricpulse.server.fabric;

import io.fabricpulse.agent.report.IngestBatch;
import io.fabricpulse.agent.report.NodeReport;
import io.fabricpulse.agent.report.NodeType;
import io.fabricpulse.agent.report.PortCounter;
import io.fabricpulse.agent.report.PortReport;
import io.fabricpulse.server.rates.PortRates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live fabric in memory: the latest state, counters and rates of every node and port.
 *
 * <p>Thread-safe: batches of different agents are applied concurrently; one port is updated
 * atomically inside {@link ConcurrentHashMap#compute}, so two agents reporting the same switch port
 * cannot interleave its rate state. Memory is fixed per port (the latest view and one rate baseline
 * per counter), whatever the history.
 *
 * <p>Out of order: a port sample whose collection time is not after the port's latest one is
 * ignored here (neither its values nor a rate from it are used); the latest state and the rate
 * baselines stay with the newer sample.
 */
@Component
public class LiveFabric implements FabricView {

    private static final Logger log = LoggerFactory.getLogger(LiveFabric.class);
    /** PortXmitData and PortRcvData count 4-byte words (INFINIBAND.md, "Units and traps"). */
    private static final int BYTES_PER_WORD = 4;

    private static final Comparator<NodeView> SWITCHES_FIRST_THEN_NAME = Comparator
            .comparing((NodeView n) -> n.type() != NodeType.SWITCH)
            .thenComparing(NodeView::name)
            .thenComparing(NodeView::guid);

    private final Map<String, NodeView> nodes = new ConcurrentHashMap<>();
    private final Map<PortKey, PortEntry> ports = new ConcurrentHashMap<>();
    private final Sinks.Many<FabricUpdate> updates = Sinks.many().multicast().directBestEffort();
    private final Object emitLock = new Object();
    private final List<CounterResetListener> resetListeners;

    private record PortKey(String nodeGuid, int portNumber) {
    }

    /** The latest view of a port and its rate state; the rate state is only touched inside compute(). */
    private record PortEntry(PortView view, PortRates rates) {
    }

    /** A live fabric that tells nobody about counter resets (tests, tools). */
    public LiveFabric() {
        this(List.of());
    }

    /** @param resetListeners told about every counter clear or reset seen (the state store records them) */
    public LiveFabric(List<CounterResetListener> resetListeners) {
        this.resetListeners = List.copyOf(resetListeners);
    }

    /** For Spring: whatever {@link CounterResetListener} beans there are, none included. */
    @Autowired
    public LiveFabric(ObjectProvider<CounterResetListener> resetListeners) {
        this(resetListeners.orderedStream().toList());
    }

    /**
     * Applies one validated batch and announces the ports it changed.
     *
     * @return what changed (ports whose sample was not newer than the latest are left out)
     */
    public FabricUpdate apply(IngestBatch batch) {
        return apply(batch, StoredBaselines.NONE);
    }

    /**
     * Applies one validated batch, first resuming each port whose stored last sample is newer than
     * the one in memory (after a restart, or when another replica took the agent's previous batch).
     *
     * @return what changed (ports whose sample was not newer than the latest are left out)
     */
    public FabricUpdate apply(IngestBatch batch, StoredBaselines stored) {
        Instant at = batch.collectedAt();
        List<PortView> changed = new ArrayList<>();
        List<CounterReset> resets = new ArrayList<>();
        for (NodeReport node : batch.nodes()) {
            NodeView nodeView = nodes.merge(node.guid(), nodeView(node, at), LiveFabric::newerWins);
            for (PortReport port : node.ports()) {
                PortEntry[] applied = new PortEntry[1];
                StoredBaselines.Sample resumed = stored.find(node.guid(), port.portNumber());
                ports.compute(new PortKey(node.guid(), port.portNumber()), (key, old) -> {
                    Instant latest = old == null ? null : old.view().sampledAt();
                    PortRates rates = old == null ? new PortRates() : old.rates();
                    if (resumed != null && (latest == null || resumed.at().isAfter(latest))) {
                        latest = resumed.at();
                        rates = PortRates.resumedFrom(resumed.counters(), resumed.extended(), resumed.at(),
                                resumed.saturatedSince());
                    }
                    if (latest != null && !at.isAfter(latest)) {
                        return old;
                    }
                    PortRates.Result result = rates.update(port.counters(), port.extendedCounters(), at);
                    if (latest != null && !result.resets().isEmpty()) {
                        resets.add(new CounterReset(key.nodeGuid(), key.portNumber(), result.resets(),
                                latest, at, batch.agentId()));
                    }
                    applied[0] = new PortEntry(portView(nodeView, port, result, at), rates);
                    return applied[0];
                });
                if (applied[0] != null) {
                    changed.add(applied[0].view());
                }
            }
        }
        resets.forEach(this::tellResetListeners);
        FabricUpdate update = new FabricUpdate(at, batch.agentId(), List.copyOf(changed));
        if (!changed.isEmpty()) {
            announce(update);
        }
        return update;
    }

    @Override
    public List<NodeView> nodes() {
        Map<String, Integer> portCounts = new HashMap<>();
        ports.keySet().forEach(key -> portCounts.merge(key.nodeGuid(), 1, Integer::sum));
        return nodes.values().stream()
                .map(n -> new NodeView(n.guid(), n.name(), n.type(), n.description(), n.hcaType(), n.firmware(),
                        portCounts.getOrDefault(n.guid(), 0), n.lastSeen()))
                .sorted(SWITCHES_FIRST_THEN_NAME)
                .toList();
    }

    @Override
    public List<PortView> ports() {
        return ports.values().stream().map(PortEntry::view).sorted(PortView.WORST_FIRST).toList();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each subscriber gets its own latest-wins buffer, so a slow one neither blocks ingest nor
     * slows the others; subscribers should still move heavy work off the emitting thread.
     */
    @Override
    public Flux<FabricUpdate> updates() {
        return updates.asFlux().onBackpressureLatest();
    }

    private void tellResetListeners(CounterReset reset) {
        for (CounterResetListener listener : resetListeners) {
            try {
                listener.onReset(reset);
            } catch (RuntimeException fault) {
                // The batch is applied already; a listener's fault must not turn that into an ingest error.
                log.error("counter reset listener {} failed on {}", listener, reset, fault);
            }
        }
    }

    private void announce(FabricUpdate update) {
        // The sink needs serialized emission; the lock is held only for the hand-over. A result
        // other than OK means no subscriber or one without demand: dropping is the contract.
        synchronized (emitLock) {
            updates.tryEmitNext(update);
        }
    }

    private static NodeView nodeView(NodeReport node, Instant at) {
        return new NodeView(node.guid(), displayName(node.description(), node.guid()), node.type(),
                node.description(), node.hcaType(), node.firmware(), 0, at);
    }

    /**
     * Two agents can report one node (a switch seen at the far end of host cables): the newer report
     * wins field by field, and a field it does not know keeps the value known before.
     */
    private static NodeView newerWins(NodeView known, NodeView reported) {
        boolean newer = !reported.lastSeen().isBefore(known.lastSeen());
        NodeView recent = newer ? reported : known;
        NodeView other = newer ? known : reported;
        String description = recent.description() != null ? recent.description() : other.description();
        return new NodeView(recent.guid(), displayName(description, recent.guid()), recent.type(), description,
                recent.hcaType() != null ? recent.hcaType() : other.hcaType(),
                recent.firmware() != null ? recent.firmware() : other.firmware(),
                0, recent.lastSeen());
    }

    /** Node description, else GUID. (The node-name-map of issue 4 will take precedence.) */
    private static String displayName(String description, String guid) {
        return description == null || description.isBlank() ? guid : description.strip();
    }

    private static PortView portView(NodeView node, PortReport port, PortRates.Result rates, Instant at) {
        Double xmitWords = rates.rate(PortCounter.PortXmitData);
        Double rcvWords = rates.rate(PortCounter.PortRcvData);
        return new PortView(node.guid(), node.name(), node.type(), port.portNumber(), port.lid(), port.state(),
                port.physicalState(),
                port.linkWidthActive() == null ? null : port.linkWidthActive().label(),
                port.linkSpeedActive() == null ? null : port.linkSpeedActive().name(),
                port.peer() == null ? null : port.peer().nodeGuid(),
                port.peer() == null ? 0 : port.peer().portNumber(),
                inCounterOrder(port.counters()), rates.rates(),
                xmitWords == null ? null : xmitWords * BYTES_PER_WORD,
                rcvWords == null ? null : rcvWords * BYTES_PER_WORD,
                rates.saturated(), at);
    }

    private static Map<String, Long> inCounterOrder(Map<String, Long> counters) {
        Map<String, Long> ordered = new LinkedHashMap<>();
        for (PortCounter counter : PortCounter.values()) {
            Long value = counters.get(counter.ibaName());
            if (value != null) {
                ordered.put(counter.ibaName(), value);
            }
        }
        return Collections.unmodifiableMap(ordered);
    }
}
