package io.fabricpulse.server.routes;

import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import java.lang.ref.WeakReference;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The routes in force. Built on one background thread, never on a reader's: at once when a switch's table
 * arrives, and when the periodic check finds the live topology's cables or LIDs changed. Readers take the
 * latest build, with {@link #status()} saying whether it can be trusted.
 */
@Component
public class RouteService implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RouteService.class);

    private final TopologyChanges topology;
    private final ForwardingTableStore tables;
    private final NodeNameDirectory names;
    private final RoutesProperties properties;
    private final Clock clock;
    private final AtomicBoolean buildQueued = new AtomicBoolean();
    /** How long the builds since the last check took (the live model they read included): the check's pause counts it. */
    private final AtomicLong buildNanosSinceCheck = new AtomicLong();
    /** Checks done since the start: what a test waits on to know the check keeps running. */
    private final AtomicLong checks = new AtomicLong();
    private volatile Built built;
    /**
     * The model the last check looked at, known by identity and not kept (a replaced model is a whole fabric's links
     * alive until the next check); only the checker thread reads and writes it.
     */
    private WeakReference<FabricModel> checked = new WeakReference<>(null);
    /** Written under the lock by start and stop, read by any thread that asks for a build. */
    private volatile ExecutorService builder;
    private ScheduledExecutorService checker;

    /** A build and what it was built from. */
    private record Built(RouteTable table, long tablesVersion, long topologyShape) {
    }

    public RouteService(TopologyChanges topology, ForwardingTableStore tables, NodeNameDirectory names,
                        RoutesProperties properties, Clock clock) {
        this.topology = topology;
        this.tables = tables;
        this.names = names;
        this.properties = properties;
        this.clock = clock;
        this.built = new Built(RouteBuilder.build(FabricModel.of(List.of(), List.of()), Map.of(), clock.instant()),
                -1, 0);
        tables.onChange(this::requestBuild);
    }

    /** How many periodic checks have run. */
    long checks() {
        return checks.get();
    }

    /** The latest routes. */
    public RouteTable current() {
        return built.table();
    }

    /** The latest routes with whether they can be trusted now. */
    public RouteStatus status() {
        Built latest = built;
        RouteSummary summary = latest.table().summary();
        List<String> reasons = new ArrayList<>();
        if (summary.switches() > 0 && summary.switchTables() == 0) {
            reasons.add("no switch's forwarding table has been reported: run an agent with --role discover");
        } else if (summary.switchTables() < summary.switches()) {
            reasons.add((summary.switches() - summary.switchTables()) + " of " + summary.switches()
                    + " switches have no forwarding table yet");
        }
        Instant now = clock.instant();
        if (summary.oldestTable() != null && summary.oldestTable().isBefore(now.minus(properties.maxAge()))) {
            reasons.add("the oldest forwarding table was read at " + summary.oldestTable() + ", more than "
                    + properties.maxAge().toMinutes() + " min ago (fabricpulse.routes.max-age)");
        }
        Long moved = summary.unroutedPairs().get(Outcome.WRONG_DESTINATION);
        if (moved != null) {
            reasons.add(moved + " host pairs end at another port than their destination LID: LIDs moved since the "
                    + "tables were read");
        }
        summary.notes().stream().filter(n -> n.contains("LID change") || n.contains("rewriting")).forEach(reasons::add);
        if (latest.tablesVersion() != tables.version() || buildQueued.get()) {
            reasons.add("newer forwarding tables are being built into the routes");
        }
        return new RouteStatus(summary, !reasons.isEmpty(), reasons);
    }

    /** Builds now, on the caller's thread (tests; the background builder otherwise). */
    public RouteTable rebuildNow() {
        long started = System.nanoTime();
        buildQueued.set(false);
        try {
            FabricModel model = topology.current();
            long version = tables.version();
            RouteTable table = RouteBuilder.build(model, tables.tables(), names::nameOf, clock.instant());
            Built previous = built;
            built = new Built(table, version, shape(model));
            report(previous.table().summary(), table);
            return table;
        } finally {
            buildNanosSinceCheck.addAndGet(System.nanoTime() - started); // a failing build costs its time too
        }
    }

    private void requestBuild() {
        ExecutorService running = builder;
        if (running != null && buildQueued.compareAndSet(false, true)) {
            try {
                running.execute(this::buildQuietly);
            } catch (RejectedExecutionException stopped) {
                buildQueued.set(false); // stopped meanwhile: the next start builds
            }
        }
    }

    /**
     * Checks, then waits the check interval, or {@link #PAUSE_PER_CHECK_TIME} times what this check and the builds
     * since the previous one took when that is longer: a check that built the live model (~1 s of CPU at 600,000
     * ports) every 5 s while agents kept coming back late (an overloaded server's backlog changes the model at every
     * check), and the builds that a growing fabric's checks ask for, were a fifth of a core. A build a check asks for
     * runs after it, so it lengthens the pause after the next check.
     */
    private void checkThenWait(ScheduledExecutorService on, long everyMillis) {
        long started = System.nanoTime();
        check();
        long tookMillis = (System.nanoTime() - started + buildNanosSinceCheck.getAndSet(0)) / 1_000_000;
        try {
            on.schedule(() -> checkThenWait(on, everyMillis), Math.max(everyMillis, tookMillis * PAUSE_PER_CHECK_TIME),
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // the service stopped while this check ran
        }
    }

    /** Checks and the builds they ask for take about a tenth of a core. */
    private static final int PAUSE_PER_CHECK_TIME = 9;

    private void check() {
        checks.incrementAndGet();
        try {
            FabricModel model = topology.current();
            if (model == checked.get()) {
                return; // the topology keeps its model while nothing changed: the same model has the same shape
            }
            checked = new WeakReference<>(model);
            if (shape(model) != built.topologyShape()) {
                requestBuild();
            }
        } catch (RuntimeException fault) {
            log.error("routes: checking the live topology failed", fault);
        }
    }

    private void buildQuietly() {
        try {
            rebuildNow();
        } catch (RuntimeException fault) {
            log.error("routes: building from the forwarding tables failed; the previous routes stay in force", fault);
        }
    }

    /** What the routes depend on in the topology: the switches, and each cable with the LIDs of its ends. */
    static long shape(FabricModel model) {
        long hash = 1;
        for (FabricNode node : model.nodes().values()) {
            hash = 31 * hash + Objects.hash(node.guid(), node.type());
        }
        for (FabricLink link : model.links()) {
            hash = 31 * hash + end(link.a());
            hash = 31 * hash + end(link.b());
        }
        return hash;
    }

    private static long end(LinkEndState end) {
        return Objects.hash(end.end(), end.lid());
    }

    /** One line per build; a warning per way of failing and per note, when they differ from the last build's. */
    private void report(RouteSummary before, RouteTable table) {
        RouteSummary now = table.summary();
        log.info("routes: built in {} ms from {} of {} switch tables: {} host pairs routed ({} hosts, {} hops on average), "
                        + "{} without a route", now.buildNanos() / 1_000_000, now.switchTables(), now.switches(),
                now.routedPairs(), now.hosts(), "%.2f".formatted(now.meanHops()), now.unrouted());
        now.unroutedPairs().forEach((outcome, pairs) -> {
            RouteSummary.Example example = now.examples().get(outcome);
            if (!pairs.equals(before.unroutedPairs().get(outcome))
                    || !Objects.equals(example, before.examples().get(outcome))) {
                log.warn("routes: {} host pairs have no route: each {}; e.g. LID {} to LID {}{}", pairs,
                        outcome.meaning(), example.sourceLid(), example.destinationLid(), where(table, example));
            }
        });
        now.notes().stream().filter(note -> !before.notes().contains(note))
                .forEach(note -> log.warn("routes: {}", note));
    }

    private static String where(RouteTable table, RouteSummary.Example example) {
        return table.trace(example.sourceLid(), example.destinationLid()).map(RouteTrace::stuckAt)
                .map(at -> " at " + at.name() + " (" + at.nodeGuid() + ") port " + at.port()).orElse("");
    }

    @Override
    public synchronized void start() {
        if (builder != null) {
            return;
        }
        buildQueued.set(false); // a build queued before a stop was dropped with its executor
        builder = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("fabricpulse-routes").daemon().factory());
        checker = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("fabricpulse-routes-check")
                .daemon().factory());
        long every = properties.checkInterval().toMillis();
        ScheduledExecutorService on = checker;
        on.schedule(() -> checkThenWait(on, every), every, TimeUnit.MILLISECONDS);
        requestBuild();
    }

    @Override
    public synchronized void stop() {
        if (builder != null) {
            checker.shutdownNow();
            builder.shutdownNow();
            builder = null;
            checker = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return builder != null;
    }
}
