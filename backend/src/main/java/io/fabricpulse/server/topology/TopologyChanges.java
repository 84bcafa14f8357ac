package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

import java.lang.ref.WeakReference;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The live topology and its differences from the baseline. Batches come in from ingest; the diff runs
 * when a batch changed the structure (on a large fabric not sooner than nine times the last diff's time after it),
 * and otherwise at most once per {@link #REEVALUATE_EVERY} and on every read, so that time alone (a node no longer
 * reported) also shows. Each difference is an event:
 * told to the {@link TopologyChangeListener}s and on {@link #events()} when first found, and again when
 * it no longer holds.
 *
 * <p>After the server starts, nothing is compared until the live model has been rebuilt: the baseline
 * in force was loaded (or found absent) and either a discover-role agent's complete walk arrived or
 * {@code missing-after} has passed, the time within which every node still there has reported. Before
 * that the model is partial, and every baseline node not yet reported would count as gone. Once rebuilt,
 * the listeners are told the changes that hold ({@link TopologyChangeListener#afterRebuild}), so what
 * they kept from before the restart and no longer holds can end.
 */
@Component
public class TopologyChanges {

    private static final Logger log = LoggerFactory.getLogger(TopologyChanges.class);
    static final Duration REEVALUATE_EVERY = Duration.ofSeconds(1);
    /**
     * After a diff, batches wait this many times as long as it took before one diffs again: a diff builds the whole
     * live model when it changed (~0.15 s at 200,000 ports), and while a large fabric is first seen nearly every batch
     * changes it, so the pipeline's one worker spent a quarter of its time rebuilding it. The diffs a batch runs then
     * take at most a tenth of the time, and a fabric whose model builds in a millisecond is diffed at once.
     */
    private static final int PAUSE_PER_DIFF_TIME = 9;

    private final ObservedFabric observed;
    private final Clock clock;
    private final Function<String, String> names;
    private final List<TopologyChangeListener> listeners;
    private final Sinks.Many<TopologyChange> events = Sinks.many().multicast().directBestEffort();
    private final Map<String, TopologyChange> active = new LinkedHashMap<>();
    private final Instant startedAt;
    private final Duration missingAfter;
    private FabricModel baseline;
    /** The latest live model, with the baseline its port counts came from; kept while it holds. */
    private volatile Live live;
    /**
     * The model and baseline the active changes were found between: the same two again cannot differ otherwise. Known
     * by identity, not kept: a model the live one has replaced is a whole fabric's links (~45 bytes a port) that stayed
     * alive until the next diff.
     */
    private WeakReference<FabricModel> diffedModel = new WeakReference<>(null);
    private WeakReference<FabricModel> diffedBaseline = new WeakReference<>(null);
    private Instant evaluatedAt = Instant.MIN;
    /** A batch changed the structure since the last diff: the first batch at or after {@link #nextDiffAt} diffs. */
    private boolean structureChanged;
    private Instant nextDiffAt = Instant.MIN;
    private boolean baselineLoaded;
    private boolean completeWalkSeen;
    private boolean rebuilt;

    public TopologyChanges(TopologyProperties properties, Clock clock, Function<String, String> names,
                           List<TopologyChangeListener> listeners) {
        this(properties, clock, names, listeners, new PortEnds(new PortIndex()));
    }

    private TopologyChanges(TopologyProperties properties, Clock clock, Function<String, String> names,
                            List<TopologyChangeListener> listeners, PortEnds ends) {
        this.observed = new ObservedFabric(properties.missingAfter(), ends);
        this.clock = clock;
        this.names = names;
        this.listeners = List.copyOf(listeners);
        this.startedAt = clock.instant();
        this.missingAfter = properties.missingAfter();
    }

    @Autowired
    TopologyChanges(TopologyProperties properties, Clock clock, NodeNameDirectory names,
                    ObjectProvider<TopologyChangeListener> listeners, PortEnds ends) {
        this(properties, clock, names::nameOf, listeners.orderedStream().toList(), ends);
    }

    /**
     * Takes one validated, applied batch.
     *
     * @return the cables it shows gone, for the cable history (usually none)
     */
    public List<CableLoss> accept(IngestBatch batch) {
        List<CableLoss> lost = new ArrayList<>(0);
        boolean structural = observed.apply(batch, lost);
        synchronized (this) {
            completeWalkSeen |= batch.discovery() != null && batch.discovery().complete();
            structureChanged |= structural;
            Instant now = clock.instant();
            if (!now.isBefore(nextDiffAt) && (structureChanged || !now.isBefore(evaluatedAt.plus(REEVALUATE_EVERY)))) {
                evaluate();
            }
        }
        return lost;
    }

    /** What was last known of a node, present now or not (since the server started), empty when never seen. */
    public Optional<FabricNode> lastKnown(String guid) {
        return observed.seen(guid);
    }

    /**
     * The live topology now; port counts no lower than the baseline's. Built again only when a batch changed what it
     * shows, the baseline changed or a report in it grew old: a fabric that only repeats itself is not rebuilt at
     * every read (50,000 ports take a few hundred milliseconds to build).
     */
    public FabricModel current() {
        FabricModel known;
        synchronized (this) {
            known = baseline;
        }
        Instant now = clock.instant();
        Live latest = live;
        if (latest != null && latest.baseline() == known) {
            if (latest.snapshot().holds(observed.version(), now)) {
                return latest.snapshot().model();
            }
            ObservedFabric.Snapshot renewed = observed.renewed(latest.snapshot(), now);
            if (renewed != null) {
                live = new Live(renewed, known);
                return renewed.model();
            }
        }
        ObservedFabric.Snapshot snapshot = observed.snapshot(now, guid -> {
            FabricNode node = known == null ? null : known.nodes().get(guid);
            return node == null ? 0 : node.numPorts();
        });
        live = new Live(snapshot, known);
        return snapshot.model();
    }

    private record Live(ObservedFabric.Snapshot snapshot, FabricModel baseline) {
    }

    /** The baseline in force, null when none was saved. */
    public synchronized FabricModel baseline() {
        return baseline;
    }

    /**
     * Compares with {@code baseline} from now on (null: no baseline, no changes). The first call, at
     * startup, is the state store's baseline or null when none was saved.
     */
    public synchronized void useBaseline(FabricModel baseline) {
        this.baseline = baseline;
        this.baselineLoaded = true;
        evaluate();
    }

    /** The differences that hold now, oldest first; none until the live model is rebuilt after startup. */
    public synchronized List<TopologyChange> active() {
        evaluate();
        return List.copyOf(active.values());
    }

    /** Every change when detected and when resolved; a hot stream, latest-wins for slow subscribers. */
    public Flux<TopologyChange> events() {
        return events.asFlux().onBackpressureLatest();
    }

    /** Diffs the live model with the baseline, and says when a batch that changes the structure may diff again. */
    private void evaluate() {
        Instant started = clock.instant();
        structureChanged = false;
        diff(started);
        Instant finished = clock.instant();
        nextDiffAt = finished.plus(Duration.between(started, finished).multipliedBy(PAUSE_PER_DIFF_TIME));
    }

    private void diff(Instant now) {
        evaluatedAt = now;
        boolean firstWhole = !rebuilt && isRebuilt(now);
        if (!rebuilt && !firstWhole) {
            return;
        }
        rebuilt = true;
        // Without a baseline nothing differs: the live model is left to be built when someone reads it (at 600,000
        // ports its builds were a tenth of the pipeline worker's time, for a diff that needs none).
        FabricModel model = baseline == null ? null : current();
        if (model == diffedModel.get() && baseline == diffedBaseline.get() && !firstWhole) {
            return;
        }
        diffedModel = new WeakReference<>(model);
        diffedBaseline = new WeakReference<>(baseline);
        List<TopologyChange> found = baseline == null ? List.of() : TopologyDiff.between(baseline, model, names);
        Map<String, TopologyChange> next = new LinkedHashMap<>();
        List<TopologyChange> told = new ArrayList<>();
        for (TopologyChange change : found) {
            TopologyChange known = active.get(change.key());
            if (known != null) {
                next.put(change.key(), known);
            } else {
                TopologyChange detected = change.detected(now);
                next.put(change.key(), detected);
                told.add(detected);
            }
        }
        for (TopologyChange gone : active.values()) {
            if (!next.containsKey(gone.key())) {
                told.add(gone.resolved(now));
            }
        }
        active.clear();
        active.putAll(next);
        tell(told);
        if (firstWhole) {
            tellRebuilt(List.copyOf(active.values()));
        }
    }

    private boolean isRebuilt(Instant now) {
        return baselineLoaded && (completeWalkSeen || !now.isBefore(startedAt.plus(missingAfter)));
    }

    private void tellRebuilt(List<TopologyChange> holding) {
        for (TopologyChangeListener listener : listeners) {
            try {
                listener.afterRebuild(holding);
            } catch (RuntimeException fault) {
                log.error("topology change listener {} failed after the rebuild", listener, fault);
            }
        }
    }

    private void tell(List<TopologyChange> changes) {
        if (changes.isEmpty()) {
            return;
        }
        changes.forEach(events::tryEmitNext); // under this object's lock: emission is serialized
        for (TopologyChangeListener listener : listeners) {
            try {
                listener.onChanges(changes);
            } catch (RuntimeException fault) {
                log.error("topology change listener {} failed on {} change(s), the first {}", listener, changes.size(),
                        changes.getFirst(), fault);
            }
        }
    }
}
