package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortTable;
import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.PortWindows;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.rates.RatesProperties;
import io.fabricpulse.server.rates.WindowBuckets;
import io.fabricpulse.server.rates.WindowRates;
import io.fabricpulse.server.rates.XmitWaitTick;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The live fabric in memory: the latest state, counters and rates of every node and port.
 *
 * <p>Thread-safe: batches of different agents are applied concurrently; one port ({@link LivePort}) is updated
 * under its own lock, so two agents reporting the same switch port cannot interleave its rate state. Memory is
 * fixed per port (the latest report's fields, one rate baseline per counter and the {@link WindowBuckets} of its
 * 1 min to 24 h windows, all updated in place), whatever the history; views are made when read.
 *
 * <p>Out of order: a port sample whose collection time is not after the port's latest one is
 * ignored here (neither its values nor a rate from it are used); the latest state and the rate
 * baselines stay with the newer sample.
 */
public class LiveFabric implements FabricView, FabricWindows, FabricExport {

    private static final Logger log = LoggerFactory.getLogger(LiveFabric.class);
    private static final Comparator<NodeView> SWITCHES_FIRST_THEN_NAME = Comparator
            .comparing((NodeView n) -> n.type() != NodeType.SWITCH)
            .thenComparing(NodeView::name)
            .thenComparing(NodeView::guid);

    private final Map<String, LiveNode> nodes = new ConcurrentHashMap<>();
    private final PortIndex portIndex;
    private final PortTable<LivePort> ports = new PortTable<>();
    private final SharedLinks links = new SharedLinks();
    /**
     * The nodes' vendor and device IDs, one Integer each: a fabric has a handful, and each node's own two boxes were 32
     * bytes of every node.
     */
    private final SharedValues<Integer> ids = new SharedValues<>(4096);
    private final Sinks.Many<FabricUpdate> updates = Sinks.many().multicast().directBestEffort();
    private final Object emitLock = new Object();
    private final List<CounterResetListener> resetListeners;
    private final List<FabricUpdateListener> updateListeners;
    private final RatesProperties ratesProperties;
    private final Clock clock;
    private final NodeNames names;

    /**
     * A node's view and when it was last reported: the view is replaced only when a report says something new
     * about the node (a view each report was one more object a node kept until its next report). Guarded by itself.
     */
    private static final class LiveNode {
        private NodeView view;
        /** As primitives: a reference to each batch's (young) time stored here was one more card a young collection scans. */
        private long lastSeenSeconds;
        private int lastSeenNanos;

        Instant lastSeen() {
            return Instant.ofEpochSecond(lastSeenSeconds, lastSeenNanos);
        }

        void seen(Instant at) {
            lastSeenSeconds = at.getEpochSecond();
            lastSeenNanos = at.getNano();
        }
    }

    /**
     * @param resetListeners  told about every counter clear or reset seen (the state store records them)
     * @param updateListeners told about every applied batch that changed a port (the alert rules)
     * @param names           mapped node names, which win over descriptions in every view
     *                        ({@link NodeNames#NONE} for none)
     * @param ratesProperties the PortXmitWait ticks of known devices
     * @param clock           where windows end when they are read
     * @param index           the ports' numbers, which its ports are kept by
     */
    public LiveFabric(List<CounterResetListener> resetListeners, List<FabricUpdateListener> updateListeners,
                      NodeNames names, RatesProperties ratesProperties, Clock clock, PortIndex index) {
        this.portIndex = index;
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
            NodeView nodeView = takeNode(node, at);
            // A report's capability sets as bits once per port: the siblings and the view read them (an enum set's
            // bits are a walk over its elements).
            int[] supported = new int[node.ports().size()];
            int[] capability = new int[node.ports().size()];
            for (int index = 0; index < supported.length; index++) {
                supported[index] = PortView.supportedBits(node.ports().get(index));
                capability[index] = PortView.bits(node.ports().get(index));
            }
            int[] siblings = SiblingCapabilities.of(supported, capability, portsNotIn(node, nodeView.numPorts()));
            XmitWaitTick tick = ratesProperties.xmitWaitTick(batch.source(), nodeView.vendorId(), nodeView.deviceId(),
                    nodeView.hcaType()); // a node's, looked up once for its ports
            for (int index = 0; index < node.ports().size(); index++) {
                PortReport port = node.ports().get(index);
                int siblingBits = siblings[index];
                int supportedBits = supported[index];
                int capabilityBits = capability[index];
                StoredBaselines.Sample resumed = stored.find(node.guid(), port.portNumber());
                int number = portIndex.of(node.guid(), port.portNumber());
                LivePort live = ports.get(number); // a port seen before: no capturing lambda made per sample
                if (live == null) {
                    live = ports.computeIfAbsent(number, n -> new LivePort(port.portNumber()));
                }
                LivePort.Taken taken = live.take(nodeView, port, at, resumed, tick, links, capabilityBits,
                        supportedBits, siblingBits);
                if (taken != null) {
                    changed.add(taken.view());
                    if (!taken.resets().isEmpty()) {
                        resets.add(new CounterReset(node.guid(), port.portNumber(), taken.resets(),
                                taken.previousAt(), at, batch.agentId()));
                    }
                }
            }
        }
        if (!judgedElsewhere) {
            resets.forEach(this::tellResetListeners); // else recorded by the replica that stored the batch first
        }
        FabricUpdate update = new FabricUpdate(at, batch.agentId(), List.copyOf(changed), judgedElsewhere,
                this::reported);
        if (!changed.isEmpty()) {
            updateListeners.forEach(listener -> tellUpdateListener(listener, update));
            announce(update);
        }
        return update;
    }

    @Override
    public List<NodeView> nodes() {
        Map<String, Integer> portCounts = new HashMap<>();
        ports.forEach(live -> {
            if (live.hasSample()) { // else its first sample is being taken, or was older than its stored one
                portCounts.merge(live.nodeGuid(), 1, Integer::sum);
            }
        });
        List<NodeView> views = new ArrayList<>(nodes.size());
        for (LiveNode live : nodes.values()) {
            synchronized (live) {
                NodeView n = live.view;
                if (n != null) { // else its first report is being taken
                    views.add(n.with(mapped(n.guid(), n.name()), portCounts.getOrDefault(n.guid(), 0), live.lastSeen()));
                }
            }
        }
        return views.stream()
                .sorted(SWITCHES_FIRST_THEN_NAME)
                .toList();
    }

    @Override
    public List<PortView> ports() {
        List<PortView> all = new ArrayList<>(portIndex.size());
        for (LivePort live : ports) {
            PortView view = live.view();
            if (view != null) {
                all.add(named(view));
            }
        }
        all.sort(PortView.WORST_FIRST);
        return all;
    }

    @Override
    public List<PortView> ports(Predicate<? super PortView> which) {
        List<PortView> chosen = new ArrayList<>();
        for (LivePort live : ports) {
            PortView view = live.view();
            if (view != null && which.test(view = named(view))) {
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
        List<ExportedPort> exported = new ArrayList<>(portIndex.size());
        for (LivePort live : ports) {
            ExportedPort port = live.exported();
            if (port != null) {
                PortView named = named(port.view());
                exported.add(named == port.view() ? port
                        : new ExportedPort(named, port.widthCapable(), port.speedCapable(), port.linkLayer(), port.totals()));
            }
        }
        return exported;
    }

    /** A port's latest view under its reported node name, as an update's views are: listeners name both ends alike. */
    private Optional<PortView> reported(String nodeGuid, int portNumber) {
        return Optional.ofNullable(ports.get(portIndex.find(nodeGuid, portNumber))).map(LivePort::view);
    }

    @Override
    public Optional<PortView> port(String nodeGuid, int portNumber) {
        return Optional.ofNullable(ports.get(portIndex.find(nodeGuid, portNumber))).map(LivePort::view).map(this::named);
    }

    @Override
    public Optional<PortWindows> windows(String nodeGuid, int portNumber) {
        LivePort live = ports.get(portIndex.find(nodeGuid, portNumber));
        if (live == null || live.view() == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Map<RateWindow, WindowRates> windows = new EnumMap<>(RateWindow.class);
        for (RateWindow window : RateWindow.values()) {
            windows.put(window, live.window(window, now));
        }
        return Optional.of(new PortWindows(nodeGuid, portNumber, Collections.unmodifiableMap(windows)));
    }

    @Override
    public Optional<WindowRates> window(String nodeGuid, int portNumber, RateWindow window) {
        LivePort live = ports.get(portIndex.find(nodeGuid, portNumber));
        return live == null || live.view() == null ? Optional.empty() : Optional.of(live.window(window, clock.instant()));
    }

    @Override
    public List<RankedPort> worst(PortMetric metric, RateWindow window, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        Instant now = clock.instant();
        // The best `limit` so far, weakest on top: one pass over the ports, memory bounded by the limit.
        PriorityQueue<RankedPort> best = new PriorityQueue<>(limit + 1, RankedPort.WORST_FIRST.reversed());
        for (LivePort live : ports) {
            PortView view = live.view();
            if (view == null) {
                continue;
            }
            WindowRates rates = live.window(window, now);
            Double value = metric.valueIn(rates);
            if (value == null || value.isNaN()) {
                continue;
            }
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

    private NodeView nodeView(NodeReport node, Instant at) {
        return new NodeView(node.guid(), displayName(node.description(), node.guid()), node.type(),
                node.description(), node.hcaType(), node.firmware(), 0, at, ids.of(node.vendorId()),
                ids.of(node.deviceId()), node.revision(), node.numPorts(), node.boardId(), node.ipoib(), node.faults());
    }

    /** Takes a node's report and returns its view: the known one while the report says nothing new. */
    private NodeView takeNode(NodeReport report, Instant at) {
        LiveNode live = nodes.get(report.guid());
        if (live == null) {
            live = nodes.computeIfAbsent(report.guid(), guid -> new LiveNode());
        }
        synchronized (live) {
            NodeView reported = nodeView(report, at);
            if (live.view == null) {
                live.view = reported;
                live.seen(at);
                return reported;
            }
            NodeView merged = newerWins(live.view, live.lastSeen(), reported);
            if (!merged.equals(live.view.with(live.view.name(), 0, merged.lastSeen()))) {
                live.view = merged;
            }
            live.seen(merged.lastSeen());
            return live.view;
        }
    }

    /**
     * Two agents can report one node (a switch seen at the far end of host cables): the newer report
     * wins field by field, and a field it does not know keeps the value known before.
     */
    private static NodeView newerWins(NodeView known, Instant knownSeen, NodeView reported) {
        known = known.with(known.name(), 0, knownSeen);
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
            LivePort live = ports.get(portIndex.find(node.guid(), number));
            PortView view = live == null ? null : live.view();
            if (view != null) {
                others.add(view);
            }
        }
        return others;
    }
}
