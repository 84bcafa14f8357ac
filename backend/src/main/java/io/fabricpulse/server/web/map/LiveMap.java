package io.fabricpulse.server.web.map;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.pipeline.AppliedBatchListener;
import io.fabricpulse.server.topology.TopologyViews;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live fabric folded for the map, built once per fabric change and shared by every reader: each open map
 * re-reads the graph after every update the live stream announces, and every wall screen and browser asked for
 * the same fold (0.1 s at 2,000 nodes, 0.3 s at 10,000, on the cores that also take the agents' batches).
 *
 * <p>A reader gets a fold that has every batch applied before it asked ({@link #now()}): the last one when nothing
 * changed since, else the one being built when that started after the change, else a new one. Readers never fold
 * twice for one change, however often batches arrive. A batch is counted twice: when the live fabric announces it
 * (the live stream's refresh may ask at once: it gets the new counters) and again as an {@link AppliedBatchListener}
 * after the topology feed (which goes first) took it, so a fold built in between, with the new counters but without
 * the new node or cable, is not kept. Names and nodes no longer reported move without a batch, so a fold is also
 * rebuilt when it is {@link #MAX_AGE} old.
 *
 * <p>While someone reads the map ({@link #WATCHED}), the fold is kept ready off the ingest thread: rebuilt right
 * after a fabric update, at most once per {@link #REBUILD_EVERY}, and before it gets {@link #MAX_AGE} old, so a
 * page opening or a live refresh finds it built.
 */
@Component
class LiveMap implements AppliedBatchListener, DisposableBean {

    static final Duration MAX_AGE = Duration.ofSeconds(5);
    static final Duration WATCHED = Duration.ofMinutes(1);
    static final Duration REBUILD_EVERY = Duration.ofSeconds(1);
    /** How often a watched fold's age is looked at: rebuilt when it would be {@link #MAX_AGE} old before the next look. */
    static final Duration AGE_CHECK = Duration.ofSeconds(1);

    /** A fold of the live document, as of the change count and the instant it was built at. */
    private record Snapshot(long changes, Instant builtAt, MapFolder.Folded folded) {
    }

    private final TopologyViews views;
    private final Clock clock;
    private final Scheduler builder;
    private final AtomicLong changes = new AtomicLong();
    private final AtomicBoolean rebuildDue = new AtomicBoolean();
    private final Disposable ageing;
    private final Disposable announced;
    private volatile Snapshot last;
    private volatile Instant lastRead = Instant.MIN;

    LiveMap(TopologyViews views, FabricView fabric, Clock clock) {
        this.views = views;
        this.clock = clock;
        this.builder = Schedulers.newSingle("live-map", true);
        // Counted on the ingest thread that emits; the fold itself is built on the builder thread or by a reader.
        this.announced = fabric.updates().subscribe(update -> changed());
        this.ageing = builder.schedulePeriodically(this::renewIfWatchedAndOld, AGE_CHECK.toMillis(),
                AGE_CHECK.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Counted again on the pipeline's worker once the topology took the batch too; folded elsewhere. */
    @Override
    public void applied(IngestBatch batch, boolean judgedElsewhere) {
        changed();
    }

    private void changed() {
        changes.incrementAndGet();
        rebuildIfWatched();
    }

    /** The live fold, with every batch applied before this call. */
    MapFolder.Folded now() {
        lastRead = clock.instant();
        return current();
    }

    private MapFolder.Folded current() {
        // What this reader must see: counted before looking, so a fold begun after this point has it all.
        long wanted = changes.get();
        Snapshot known = last;
        if (serves(known, wanted)) {
            return known.folded();
        }
        synchronized (this) {
            // Readers that waited here take the fold built meanwhile if it was begun after they asked.
            known = last;
            if (serves(known, wanted)) {
                return known.folded();
            }
            return build();
        }
    }

    /** Folds the live document now; called holding this object's lock. */
    private MapFolder.Folded build() {
        // Counted before building: an update that lands meanwhile makes this fold stale for later readers.
        long seen = changes.get();
        Instant at = clock.instant();
        MapFolder.Folded folded = MapFolder.fold(views.document(null));
        last = new Snapshot(seen, at, folded);
        return folded;
    }

    private void rebuildIfWatched() {
        Instant now = clock.instant();
        if (now.isAfter(lastRead.plus(WATCHED)) || !rebuildDue.compareAndSet(false, true)) {
            return;
        }
        Snapshot known = last;
        Duration wait = known == null ? Duration.ZERO : Duration.between(now, known.builtAt().plus(REBUILD_EVERY));
        builder.schedule(() -> {
            // Cleared first: an update during the build schedules the next one.
            rebuildDue.set(false);
            current();
        }, Math.max(0, wait.toMillis()), TimeUnit.MILLISECONDS);
    }

    private boolean serves(Snapshot snapshot, long wanted) {
        return snapshot != null && snapshot.changes() >= wanted
                && clock.instant().isBefore(snapshot.builtAt().plus(MAX_AGE));
    }

    /** On the builder thread: a watched fold that would be {@link #MAX_AGE} old before the next look is built anew. */
    private void renewIfWatchedAndOld() {
        Instant now = clock.instant();
        Snapshot known = last;
        if (known != null && !now.isAfter(lastRead.plus(WATCHED))
                && !now.plus(AGE_CHECK).isBefore(known.builtAt().plus(MAX_AGE))) {
            // Readers meanwhile still take the old fold: it serves them until MAX_AGE.
            synchronized (this) {
                if (last == known) {
                    build();
                }
            }
        }
    }

    @Override
    public void destroy() {
        announced.dispose();
        ageing.dispose();
        builder.dispose();
    }
}
