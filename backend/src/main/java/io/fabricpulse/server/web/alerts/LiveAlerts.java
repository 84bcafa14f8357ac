package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.api.FiringAlerts;
import io.fabricpulse.server.alerting.store.AlertFilter;
import io.fabricpulse.server.alerting.store.AlertOrder;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.UiProperties;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one live feed of every page but the overview's ports table: after the fabric changed or an alert moved,
 * at most once per {@code fabricpulse.ui.live-interval}, one {@link AlertStrip} read once and shared by every open
 * browser ({@code GET /events/live}). The overview binds the strip; the other pages re-read their live parts
 * when its {@code version} (alerts) or {@code fabricAt} (counters) changed, so they read nothing on a timer.
 * Alert transitions arrive from {@link AlertTransitions} (an acknowledgement between two batches shows at once);
 * silenced ones are not announced and show with the next batch.
 */
@Component
public class LiveAlerts {

    static final String EVENT = "live";
    /** Lines (groups of alerts) the strip shows; a wall reads this many at a glance, the alerts page has the rest. */
    static final int STRIP = 8;
    /**
     * Firing alerts read to fold into the strip's groups, worst first: the alert API's largest page. Beyond it (a fabric
     * on fire) the strip's groups are made of the worst this many, and a group's count may miss quieter members.
     */
    static final int GROUPED = 1000;
    private static final AlertFilter FIRING = new AlertFilter("FIRING", null, null, null, null, null);

    private final AlertViews views;
    private final AlertGroups groups;
    private final FiringAlerts firing;
    private final DisplayFormat format;
    private final Clock clock;
    private final AtomicReference<Instant> fabricAt = new AtomicReference<>();
    private final Flux<AlertStrip> changes;
    private final UiProperties ui;

    LiveAlerts(AlertViews views, AlertGroups groups, FiringAlerts firing, FabricView fabric, DisplayFormat format,
               Clock clock, UiProperties ui, AlertTransitions transitions) {
        this.views = views;
        this.groups = groups;
        this.firing = firing;
        this.format = format;
        this.clock = clock;
        this.ui = ui;
        // sample(): one read per interval in which something changed, at its end, for all browsers (share()).
        this.changes = Flux.merge(fabric.updates().map(update -> {
                    fabricAt.accumulateAndGet(update.at(), LiveAlerts::later);
                    return true;
                }), transitions.flux())
                .sample(ui.liveInterval())
                .concatMap(tick -> current())
                .share();
    }

    /** The strip now: counts by severity, the worst groups of firing alerts, the alerts' and the fabric's versions. */
    public Mono<AlertStrip> current() {
        Instant now = clock.instant();
        return Mono.zip(firing.bySeverity(), views.search(FIRING, AlertOrder.WORST_FIRST, 0, GROUPED).collectList(), version())
                .map(all -> strip(all.getT1(), all.getT2(), all.getT3(), now, fabricAt.get()));
    }

    /**
     * The strip as it stood at {@code at}, a past instant: the alerts firing then, their ages then, from the times every
     * alert keeps (fired, acknowledged, resolved). Its {@code version} names the instant: nothing live follows it.
     */
    public Mono<AlertStrip> at(Instant at) {
        return Mono.zip(firing.bySeverityAt(at), views.firingAt(at, AlertOrder.WORST_FIRST, GROUPED).collectList())
                .map(all -> strip(all.getT1(), all.getT2(), "at " + format.isoTime(at), at, at));
    }

    /** The server-sent events for one browser: the strip at once, then after each change, keep-alives between. */
    Flux<ServerSentEvent<AlertStrip>> events() {
        Flux<ServerSentEvent<AlertStrip>> data = Flux.merge(changes.onBackpressureLatest(), current())
                .map(strip -> ServerSentEvent.builder(strip).event(EVENT).build());
        Flux<ServerSentEvent<AlertStrip>> comments = Flux.interval(ui.keepAlive())
                .onBackpressureDrop()
                .map(tick -> ServerSentEvent.<AlertStrip>builder().comment("keep-alive").build());
        return Flux.merge(data, comments);
    }

    private AlertStrip strip(Map<String, Long> counts, List<AlertView> worst, String version, Instant now, Instant fabricAt) {
        long critical = counts.getOrDefault("CRITICAL", 0L);
        long warning = counts.getOrDefault("WARNING", 0L);
        long info = counts.getOrDefault("INFO", 0L);
        long total = critical + warning + info;
        List<StripLine> lines = groups.of(worst, format, now).stream().limit(STRIP).map(StripLine::of).toList();
        String more = more(total - lines.stream().mapToLong(StripLine::alerts).sum());
        AlertStrip.Counts shown = new AlertStrip.Counts(DisplayFormat.count(critical), DisplayFormat.count(warning),
                DisplayFormat.count(info));
        return new AlertStrip(critical, warning, info, shown, total, lines, more, version, format.isoTime(fabricAt));
    }

    /** "and 12 more alerts": the firing alerts the strip's lines do not hold, counted as the severity counts are. */
    static String more(long left) {
        return left <= 0 ? null : "and " + DisplayFormat.count(left) + (left == 1 ? " more alert" : " more alerts");
    }

    /**
     * The alerts' version: how many alerts are firing, acknowledged and resolved and how many silences have not
     * ended, so a firing, an acknowledgement, a resolution and a silence each change it (a comment does not).
     */
    private Mono<String> version() {
        // Side by side, not one after another: the event waits for the slowest read only.
        return Mono.zip(views.count(FIRING), views.count(new AlertFilter("ACKNOWLEDGED", null, null, null, null, null)),
                        views.count(new AlertFilter("RESOLVED", null, null, null, null, null)),
                        views.silencesNotExpired(clock.instant()).count())
                .map(counts -> counts.toString());
    }

    private static Instant later(Instant a, Instant b) {
        return a == null || (b != null && b.isAfter(a)) ? b : a;
    }
}
