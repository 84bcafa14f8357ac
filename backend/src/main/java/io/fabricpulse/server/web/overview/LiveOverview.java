package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.web.UiProperties;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The overview's live feed: a fresh {@link OverviewSnapshot} after the fabric changed, at most one per
 * {@code fabricpulse.ui.live-interval}, shared by every open browser.
 */
@Component
class LiveOverview {

    static final String EVENT = "ports";

    private final OverviewSnapshots snapshots;
    private final Flux<FabricUpdate> ticks;
    private final Flux<OverviewSnapshot> changes;
    private final Duration keepAlive;

    LiveOverview(FabricView fabric, OverviewSnapshots snapshots, UiProperties ui) {
        this.snapshots = snapshots;
        this.keepAlive = ui.keepAlive();
        // sample(): one snapshot per interval in which something changed, taken at the end of the
        // interval, so the last change of a burst of agent pushes is never the one left out.
        // share(): one snapshot per interval for all browsers, not one per browser.
        this.ticks = fabric.updates()
                .sample(ui.liveInterval())
                .share();
        this.changes = ticks.map(update -> snapshots.current()).share();
    }

    /**
     * The events for one browser: the current snapshot at once, then each change, then keep-alive comments
     * in between. The shared stream is subscribed before the first snapshot is taken, so a change between
     * the two is not lost.
     */
    Flux<ServerSentEvent<OverviewSnapshot>> events() {
        return events(changes, snapshots::current);
    }

    /**
     * The same for a browser that watches one cluster ({@code members}: its node GUIDs). Its snapshots are
     * taken per browser on the shared ticks: a cluster view is a handful of screens, not worth a cache.
     */
    Flux<ServerSentEvent<OverviewSnapshot>> events(Set<String> members) {
        return events(ticks.map(update -> snapshots.current(members)), () -> snapshots.current(members));
    }

    private Flux<ServerSentEvent<OverviewSnapshot>> events(Flux<OverviewSnapshot> updates, Supplier<OverviewSnapshot> now) {
        // A slow browser keeps only the newest snapshot instead of slowing the shared stream for the others.
        Flux<ServerSentEvent<OverviewSnapshot>> data = Flux.merge(updates.onBackpressureLatest(), Mono.fromSupplier(now))
                .map(snapshot -> ServerSentEvent.builder(snapshot).event(EVENT).build());
        Flux<ServerSentEvent<OverviewSnapshot>> comments = Flux.interval(keepAlive)
                .onBackpressureDrop()
                .map(tick -> ServerSentEvent.<OverviewSnapshot>builder().comment("keep-alive").build());
        return Flux.merge(data, comments);
    }
}
