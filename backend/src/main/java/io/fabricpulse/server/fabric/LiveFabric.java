package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.rates.DerivedRates;
import io.fabricpulse.server.rates.LinkContext;
import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.PortRates;
import io.fabricpulse.server.rates.PortWindows;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.rates.RatesProperties;
import io.fabricpulse.server.rates.WindowBuckets;
import io.fabricpulse.server.rates.WindowRates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The live fabric in memory: the latest state, counters and rates of every node and port.
 *
 * <p>Thread-safe: batches of different agents are applied concurrently; one port is updated
 * atomically inside {@link ConcurrentHashMap#compute}, so two agents reporting the same switch port
 * cannot interleave its rate state. Memory is fixed per port (the latest view, one rate baseline
 * per counter and the {@link WindowBuckets} of its 1 min to 24 h windows), whatever the history.
 *
 * <p>Out of order: a port sample whose collection time is not after the port's latest one is
 * ignored here (neither its values nor a rate from it are used); the latest state and the rate
 * baselines stay with the newer sample.
 */
public class LiveFabric implements FabricView, FabricWindows, FabricExport {

    private static final Logger log = LoggerFactory.getLogger(LiveFabric.class);
    /** PortXmitData and PortRcvData count 4-byte words (docs/FABRIC.md, "Counters"). */
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
    private final List<FabricUpdateListener> updateListeners;
    private final RatesProperties ratesProperties;
    private final Clock clock;
    private final NodeNames names;

    private record PortKey(String nodeGuid, int portNumber) {
    }

    /**
     * The latest view of a port, its rate state, its windows and the link they are read against, and
     * what exporters add (capabilities, link layer); the rate state is only touched inside compute(),
     * the windows synchronize themselves.
     */
    private record PortEntry(PortView view, PortRates rates, WindowBuckets windows, LinkContext link,
                             LinkWidth widthCapable, LinkSpeed speedCapable, String linkLayer) {
    }

    /**
     * @param resetListeners  told about every counter clear or reset seen (the state store records them)
     * @param updateListeners told about every applied batch that changed a port (the alert rules)
     * @param names           mapped node names, which win over descriptions in every view
     *                        ({@link NodeNames#NONE} for none)
     * @param ratesProperties the PortXmitWait ticks of known devices
     * @param clock           where windows end when they are read
     */
    public LiveFabric(List<CounterResetListener> resetListeners, List<FabricUpdateListener> updateListeners,
                      NodeNames names, RatesProperties ratesProperties, Clock clock) {
        this.resetListeners = List.copyOf(resetListeners);
        this.updateListeners = List.copyOf(updateListeners);
        this.names = names;
        this.ratesProperties = ratesProperties;
        this.clock = clock;
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
        return apply(batch, stored, false);
    }

    /**
     * As {@link #apply(IngestBatch, StoredBaselines)}; {@code judgedElsewhere}: another replica stored the batch
     * first, so its alerts are that replica's to announce ({@link FabricUpdate#judgedElsewhere()}) and its counter
     * clears that replica's to record (the reset listeners are not told).
     */
    public FabricUpdate apply(IngestBatch batch, StoredBaselines stored, boolean judgedElsewhere) {
        Instant at = batch.collectedAt();
        List<PortView> changed = new ArrayList<>();
        List<CounterReset> resets = new ArrayList<>();
        for (NodeReport node : batch.nodes()) {
            NodeView nodeView = nodes.merge(node.guid(), nodeView(node, at), LiveFabric::newerWins);
            // A report's capability sets as bits once per port: the siblings and the view read them (an enum set's
            // bits are a walk over its elements).
            int[] supported = new int[node.ports().size()];
            int[] capability = new int[node.ports().size()];
            for (int index = 0; index < supported.length; index++) {
                supported[index] = PortView.supportedBits(node.ports().get(index));
                capability[index] = PortView.bits(node.ports().get(index));
            }
            int[] siblings = SiblingCapabilities.of(supported, capability, portsNotIn(node, nodeView.numPorts()));
            for (int index = 0; index < node.ports().size(); index++) {
                PortReport port = node.ports().get(index);
                int siblingBits = siblings[index];
                int supportedBits = supported[index];
                int capabilityBits = capability[index];
                PortEntry[] applied = new PortEntry[1];
                StoredBaselines.Sample resumed = stored.find(node.guid(), port.portNumber());
                ports.compute(new PortKey(node.guid(), port.portNumber()), (key, old) -> {
                    Instant latest = old == null ? null : old.view().sampledAt();
                    PortRates rates = old == null ? new PortRates() : old.rates();
                    if (resumed != null && (latest == null || resumed.at().isAfter(latest))) {
                        latest = resumed.at();
                        rates = PortRates.resumedFrom(resumed.counters(), resumed.width(), resumed.at(),
                                resumed.saturatedSince());
                    }
                    if (latest != null && !at.isAfter(latest)) {
                        return old;
                    }
                    WindowBuckets windows = old == null ? new WindowBuckets() : old.windows();
                    PortRates.Result result = rates.update(port.counters(), port.counterWidth(), at);
                    if (latest != null) {
                        windows.record(latest, at, result);
                        if (result.hasResets()) {
                            resets.add(new CounterReset(key.nodeGuid(), key.portNumber(), result.resets(),
                                    latest, at, batch.agentId()));
                        }
                    }
                    LinkContext link = new LinkContext(port.linkWidthActive(), port.linkSpeedActive(),
                            port.ethernet() ? port.linkRateGbps() : null, ratesProperties.xmitWaitTick(batch.source(),
                            nodeView.vendorId(), nodeView.deviceId(), nodeView.hcaType()));
                    applied[0] = new PortEntry(portView(nodeView, port, result, link, at, capabilityBits,
                            supportedBits, siblingBits), rates, windows, link,
                            widest(port.linkWidthSupported()), fastest(port.linkSpeedSupported()),
                            linkLayer(port.linkLayer()));
                    return applied[0];
                });
                if (applied[0] != null) {
                    changed.add(applied[0].view());
                }
            }
        }
        if (!judgedElsewhere) {
            resets.forEach(this::tellResetListeners); // else recorded by the replica that stored the batch first
        }
        FabricUpdate update = new FabricUpdate(at, batch.agentId(), List.copyOf(changed), judgedElsewhere);
        if (!changed.isEmpty()) {
            updateListeners.forEach(listener -> tellUpdateListener(listener, update));
            announce(update);
        }
        return update;
    }

    @Override
    public List<NodeView> nodes() {
        Map<String, Integer> portCounts = new HashMap<>();
        ports.keySet().forEach(key -> portCounts.merge(key.nodeGuid(), 1, Integer::sum));
        return nodes.values().stream()
                .map(n -> n.with(mapped(n.guid(), n.name()), portCounts.getOrDefault(n.guid(), 0)))
                .sorted(SWITCHES_FIRST_THEN_NAME)
                .toList();
    }

    @Override
    public List<PortView> ports() {
        return ports.values().stream().map(entry -> named(entry.view())).sorted(PortView.WORST_FIRST).toList();
    }

    @Override
    public List<PortView> ports(Predicate<? super PortView> which) {
        List<PortView> chosen = new ArrayList<>();
        for (PortEntry entry : ports.values()) {
            PortView view = named(entry.view());
            if (which.test(view)) {
                chosen.add(view);
            }
        }
        return chosen;
    }

    /** The mapped name when the node has one, else the name from its reports. */
    private String mapped(String nodeGuid, String reportedName) {
        String name = names.nameOf(nodeGuid);
        return name != null ? name : reportedName;
    }

    private PortView named(PortView p) {
        String name = mapped(p.nodeGuid(), p.nodeName());
        return name.equals(p.nodeName()) ? p : p.named(name);
    }

    @Override
    public List<ExportedPort> exportedPorts() {
        List<ExportedPort> exported = new ArrayList<>(ports.size());
        for (PortEntry entry : ports.values()) {
            exported.add(new ExportedPort(named(entry.view()), entry.widthCapable(), entry.speedCapable(),
                    entry.linkLayer(), entry.rates()));
        }
        return exported;
    }

    @Override
    public Optional<PortView> port(String nodeGuid, int portNumber) {
        return Optional.ofNullable(ports.get(new PortKey(nodeGuid, portNumber))).map(entry -> named(entry.view()));
    }

    @Override
    public Optional<PortWindows> windows(String nodeGuid, int portNumber) {
        PortEntry entry = ports.get(new PortKey(nodeGuid, portNumber));
        if (entry == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Map<RateWindow, WindowRates> windows = new EnumMap<>(RateWindow.class);
        for (RateWindow window : RateWindow.values()) {
            windows.put(window, entry.windows().window(window, now, entry.link()));
        }
        return Optional.of(new PortWindows(nodeGuid, portNumber, Collections.unmodifiableMap(windows)));
    }

    @Override
    public Optional<WindowRates> window(String nodeGuid, int portNumber, RateWindow window) {
        PortEntry entry = ports.get(new PortKey(nodeGuid, portNumber));
        return entry == null ? Optional.empty() : Optional.of(entry.windows().window(window, clock.instant(), entry.link()));
    }

    @Override
    public List<RankedPort> worst(PortMetric metric, RateWindow window, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        Instant now = clock.instant();
        // The best `limit` so far, weakest on top: one pass over the ports, memory bounded by the limit.
        PriorityQueue<RankedPort> best = new PriorityQueue<>(limit + 1, RankedPort.WORST_FIRST.reversed());
        for (PortEntry entry : ports.values()) {
            WindowRates rates = entry.windows().window(window, now, entry.link());
            Double value = metric.valueIn(rates);
            if (value == null || value.isNaN()) {
                continue;
            }
            PortView view = entry.view();
            best.add(new RankedPort(view.nodeGuid(), mapped(view.nodeGuid(), view.nodeName()), view.portNumber(),
                    view.peerGuid(),
                    view.peerPort(), value, rates.coveredSeconds()));
            if (best.size() > limit) {
                best.poll();
            }
        }
        List<RankedPort> ranked = new ArrayList<>(best);
        ranked.sort(RankedPort.WORST_FIRST);
        return ranked;
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

    private static void tellUpdateListener(FabricUpdateListener listener, FabricUpdate update) {
        try {
            listener.onUpdate(update);
        } catch (RuntimeException fault) {
            // Same as for resets: the batch is applied; a listener's fault is its own, not ingest's.
            log.error("fabric update listener {} failed on the batch of {} at {}", listener, update.agentId(),
                    update.at(), fault);
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
                node.description(), node.hcaType(), node.firmware(), 0, at, node.vendorId(), node.deviceId(),
                node.revision(), node.numPorts(), node.boardId(), node.ipoib(), node.faults());
    }

    /**
     * Two agents can report one node (a switch seen at the far end of host cables): the newer report
     * wins field by field, and a field it does not know keeps the value known before.
     */
    private static NodeView newerWins(NodeView known, NodeView reported) {
        boolean newer = !reported.lastSeen().isBefore(known.lastSeen());
        NodeView recent = newer ? reported : known;
        NodeView other = newer ? known : reported;
        String description = or(recent.description(), other.description());
        return new NodeView(recent.guid(), displayName(description, recent.guid()), recent.type(), description,
                or(recent.hcaType(), other.hcaType()), or(recent.firmware(), other.firmware()), 0, recent.lastSeen(),
                or(recent.vendorId(), other.vendorId()), or(recent.deviceId(), other.deviceId()),
                or(recent.revision(), other.revision()), or(recent.numPorts(), other.numPorts()),
                or(recent.boardId(), other.boardId()), or(recent.ipoib(), other.ipoib()), recent.faults());
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }

    /** Node description, else GUID; a mapped name ({@link NodeNames}) wins over both when views are read. */
    private static String displayName(String description, String guid) {
        return description == null || description.isBlank() ? guid : description.strip();
    }

    /** The latest views of the node's ports 0..numPorts that the report does not hold; none when NumPorts is unknown. */
    private List<PortView> portsNotIn(NodeReport node, Integer numPorts) {
        if (numPorts == null) {
            return List.of();
        }
        BitSet reported = new BitSet(numPorts + 1);
        node.ports().forEach(port -> reported.set(port.portNumber()));
        List<PortView> others = new ArrayList<>();
        for (int number = reported.nextClearBit(0); number <= numPorts; number = reported.nextClearBit(number + 1)) {
            PortEntry entry = ports.get(new PortKey(node.guid(), number));
            if (entry != null) {
                others.add(entry.view());
            }
        }
        return others;
    }

    private static LinkWidth widest(Set<LinkWidth> widths) {
        LinkWidth widest = null;
        if (widths != null) {
            for (LinkWidth width : widths) {
                if (widest == null || width.lanes() > widest.lanes()) {
                    widest = width;
                }
            }
        }
        return widest;
    }

    private static LinkSpeed fastest(Set<LinkSpeed> speeds) {
        LinkSpeed fastest = null;
        if (speeds != null) {
            for (LinkSpeed speed : speeds) {
                if (fastest == null || speed.laneGbps() > fastest.laneGbps()) {
                    fastest = speed;
                }
            }
        }
        return fastest;
    }

    /** The validated names as constants: a port's entry must not keep each sample's own copy of the text. */
    private static String linkLayer(String reported) {
        if (reported == null) {
            return null;
        }
        return switch (reported) {
            case "InfiniBand" -> "InfiniBand";
            case "Ethernet" -> "Ethernet";
            default -> reported;
        };
    }

    private static PortView portView(NodeView node, PortReport port, PortRates.Result rates, LinkContext link,
                                     Instant at, int capabilityBits, int supportedBits, int siblingBits) {
        Double xmitWords = rates.rate(PortCounter.PortXmitData);
        Double rcvWords = rates.rate(PortCounter.PortRcvData);
        return new PortView(node.guid(), node.name(), node.type(), port.portNumber(), port.lid(), port.state(),
                port.physicalState(),
                port.linkWidthActive() == null ? null : port.linkWidthActive().label(),
                port.linkSpeedActive() == null ? null : port.linkSpeedActive().name(),
                port.peer() == null ? null : port.peer().nodeGuid(),
                port.peer() == null ? 0 : port.peer().portNumber(),
                rates.values(), rates.rates(),
                xmitWords == null ? null : xmitWords * BYTES_PER_WORD,
                rcvWords == null ? null : rcvWords * BYTES_PER_WORD,
                DerivedRates.of(rates::perSecond, link), rates.saturated(), at, linkLayer(port.linkLayer()),
                port.ethernet() ? port.linkRateGbps() : null, port.counterWidth(),
                capabilityBits, PortView.bits(port.peer() == null ? null : port.peer().capability()), supportedBits,
                siblingBits, port.faults());
    }
}
