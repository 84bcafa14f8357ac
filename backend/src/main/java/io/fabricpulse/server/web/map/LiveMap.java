package io.fabricpulse.server.web.map;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.topology.TopologyChanges;
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
 * the same fold (0.1 s at 2,000 nodes, more at 10,000, on the cores that also take the agents' batches). While
 * someone reads the map ({@link #WATCHED}), a fabric update has the fold rebuilt right away, off the ingest
 * thread and at most once per {@link #REBUILD_EVERY}, so the next reader (a page opening, a live refresh) finds it
 * ready. A fold is reused until the fabric or the topology's structure changes, or it is {@link #MAX_AGE} old:
 * names and nodes no longer reported move without a batch, never later than that. Both counts matter because a
 * batch is announced by the live fabric before the topology takes it: a fold built in between has the new
 * counters but not the new node or cable.
 */
@Component
class LiveMap implements DisposableBean {

    static final Duration MAX_AGE = Duration.ofSeconds(5);
    static final Duration WATCHED = Duration.ofMinutes(1);
    static final Duration REBUILD_EVERY = Duration.ofSeconds(1);

    /** A fold of the live document, as of the fabric update and topology change counts and the instant it was built at. */
    private record Snapshot(long updates, long structural, Instant builtAt, MapFolder.Folded folded) {
    }

    private final TopologyViews views;
    private final TopologyChanges topology;
    private final Clock clock;
    private final Scheduler builder;
    private final AtomicLong updates = new AtomicLong();
    private final AtomicBoolean rebuildDue = new AtomicBoolean();
    private final Disposable watching;
    private volatile Snapshot last;
    private volatile Instant lastRead = Instant.MIN;

    LiveMap(TopologyViews views, TopologyChanges topology, FabricView fabric, Clock clock) {
        this.views = views;
        this.topology = topology;
        this.clock = clock;
        this.builder = Schedulers.newSingle("live-map", true);
        // Counted on the ingest thread that emits; the fold itself is built on the builder thread or by a reader.
        this.watching = fabric.updates().subscribe(update -> {
            updates.incrementAndGet();
            rebuildIfWatched();
        });
    }

    /** The live fold: the last one while nothing changed and it is younger than {@link #MAX_AGE}, else a new one. */
    MapFolder.Folded now() {
        lastRead = clock.instant();
        return current();
    }

    private MapFolder.Folded current() {
        Snapshot known = last;
        if (fresh(known)) {
            return known.folded();
        }
        synchronized (this) {
            // Readers that waited here take the fold the first one built.
            known = last;
            if (fresh(known)) {
                return known.folded();
            }
            // Counted before building: an update that lands meanwhile makes this fold stale at once.
            long seen = updates.get();
            long structural = topology.structuralBatches();
            Instant at = clock.instant();
            MapFolder.Folded folded = MapFolder.fold(views.document(null));
            last = new Snapshot(seen, structural, at, folded);
            return folded;
        }
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

    private boolean fresh(Snapshot snapshot) {
        return snapshot != null && snapshot.updates() == updates.get()
                && snapshot.structural() == topology.structuralBatches()
                && clock.instant().isBefore(snapshot.builtAt().plus(MAX_AGE));
    }

    @Override
    public void destroy() {
        watching.dispose();
        builder.dispose();
    }
}
