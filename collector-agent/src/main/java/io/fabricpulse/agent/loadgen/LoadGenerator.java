package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.push.BatchEncoder;
import io.fabricpulse.agent.push.IngestClient;
import io.fabricpulse.agent.push.PushStats;
import io.fabricpulse.agent.push.TickScheduler;
import io.fabricpulse.agent.push.Waiter;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.WireFormat;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import java.util.zip.Deflater;

/**
 * {@code fabricpulse-agent loadgen}: simulated agents over a generated fabric push to a server for a bounded
 * time, like real agents (gzip Smile with the bearer token, one push in flight per agent, step-aligned polls
 * at per-agent offsets, retries honouring Retry-After), and what the server took is measured: port samples
 * per second, push outcomes by status and the latency of acknowledged pushes.
 * <p>
 * The agents share one HTTP client (connections are pooled, one per push in flight) and a poll scheduler
 * with a thread per core; batches are compressed at gzip level 1 instead of the agent's default, which
 * costs the generator a third of the CPU for bodies a quarter larger, so that on a machine it shares with
 * the server under test it leaves the server as much as it can. The server's work is the same either way.
 */
public final class LoadGenerator {

    /**
     * Port samples the generator encodes (and throws away) before the run: enough for C2 to compile the
     * per-port and per-counter code, about two seconds of CPU.
     */
    static final long WARM_UP_SAMPLES = 60_000;

    /** The default drain: one request timeout. */
    public static final Duration DEFAULT_DRAIN = Duration.ofSeconds(15);

    private final LoadSettings settings;
    private final PrintWriter out;
    private final Clock clock;
    private final LongSupplier nanoTime;
    private final Waiter waiter = Waiter.realTime();
    private volatile boolean stopped;

    public LoadGenerator(LoadSettings settings, PrintWriter out, Clock clock, LongSupplier nanoTime) {
        this.settings = settings;
        this.out = out;
        this.clock = clock;
        this.nanoTime = nanoTime;
    }

    /** Ends the run early (e.g. on Ctrl-C): polling stops, the flush and the summary follow. */
    public void stopEarly() {
        stopped = true;
        waiter.wakeUp();
    }

    public LoadResult run() throws InterruptedException {
        LoadFabric fabric = new LoadFabric(settings.size(), clock);
        List<PortSource> shares = fabric.splitBetween(settings.agents());
        LoadStats stats = new LoadStats();
        LoadReport report = new LoadReport(out, settings);
        report.header();
        int pollThreads = Runtime.getRuntime().availableProcessors();
        try (IngestClient client = new IngestClient(settings.endpoint(), clock);
             TickScheduler scheduler = TickScheduler.pool("fabricpulse-loadgen-poll", pollThreads)) {
            BatchEncoder encoder = new BatchEncoder(WireFormat.SMILE, Deflater.BEST_SPEED);
            warmUp(shares, encoder, report);
            List<SimulatedAgent> agents = new ArrayList<>(shares.size());
            for (int i = 0; i < shares.size(); i++) {
                agents.add(new SimulatedAgent(String.format("loadgen-%04d", i + 1), shares.get(i), client, encoder,
                        stats, settings.interval(), clock, scheduler, nanoTime));
            }
            long cpuAtStart = processCpuNanos();
            long started = nanoTime.getAsLong();
            agents.forEach(SimulatedAgent::start);
            reportUntilTheEnd(stats, report, started);
            agents.forEach(SimulatedAgent::stopPolling);
            List<PushStats> pushed = drain(agents);
            long elapsed = nanoTime.getAsLong() - started;
            long cpu = processCpuNanos() - cpuAtStart;
            return report.summary(stats.total(), stats.samplesPolled(), stats.outcomes(), pushed, elapsed,
                    cpuAtStart < 0 ? -1 : cpu, stats.steadyLatency(), stats.answers(), stats.steadyAnswers());
        }
    }

    /**
     * Polls and encodes the agents' shares until {@link #WARM_UP_SAMPLES} port samples went through, sending
     * nothing, before the clock starts: the generator's own JIT compiles its hot path (the simulation, JSON,
     * gzip) here, not in the run's first seconds, where it would take CPU from the server under test while
     * that server compiles its own. The simulation is a function of time, so these polls change nothing that
     * the agents report later.
     */
    private void warmUp(List<PortSource> shares, BatchEncoder encoder, LoadReport report) {
        long started = nanoTime.getAsLong();
        long encoded = 0;
        while (encoded < WARM_UP_SAMPLES && !stopped) {
            for (PortSource share : shares) {
                List<NodeReport> nodes;
                try {
                    nodes = share.poll();
                } catch (SourceException e) {
                    throw new IllegalStateException("the simulated fabric could not be polled: " + e.getMessage(), e);
                }
                IngestBatch batch = new IngestBatch(IngestBatch.SCHEMA_VERSION, "loadgen-warm-up", 1, clock.instant(),
                        share.name(), nodes);
                encoder.encode(batch);
                encoded += batch.portCount();
            }
        }
        report.warmedUp(encoded, nanoTime.getAsLong() - started);
    }

    /** Progress lines every {@code reportEvery} until the duration has passed (or {@link #stopEarly()}). */
    private void reportUntilTheEnd(LoadStats stats, LoadReport report, long started) throws InterruptedException {
        long end = started + settings.duration().toNanos();
        long every = settings.reportEvery().toNanos();
        long nextReport = started + every;
        long lastReport = started;
        boolean steady = settings.steadyAfter().isZero();
        long steadyAt = started + settings.steadyAfter().toNanos();
        long now;
        while (!stopped && (now = nanoTime.getAsLong()) < end) {
            long wakeAt = steady ? nextReport : Math.min(nextReport, steadyAt);
            waiter.await(Duration.ofNanos(Math.min(wakeAt, end) - now));
            now = nanoTime.getAsLong();
            if (!steady && now >= steadyAt) {
                stats.steadyFromNow();
                steady = true;
            }
            if (!stopped && now >= nextReport && now < end) {
                report.progress(now - started, stats.window(), now - lastReport);
                lastReport = now;
                nextReport += every;
            }
        }
    }

    /**
     * Lets waiting batches go out (retries included) until none waits or the drain time is over, then stops
     * every agent at once: one by one, a server that hangs would cost a flush timeout per agent.
     */
    private List<PushStats> drain(List<SimulatedAgent> agents) throws InterruptedException {
        long deadline = nanoTime.getAsLong() + settings.drain().toNanos();
        for (SimulatedAgent agent : agents) {
            agent.awaitIdle(Duration.ofNanos(Math.max(0, deadline - nanoTime.getAsLong())));
        }
        Duration lastAttempts = Duration.ofNanos(Math.max(0, deadline - nanoTime.getAsLong()));
        List<PushStats> result = new ArrayList<>(agents.size());
        try (ExecutorService flushers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<PushStats>> flushes = new ArrayList<>();
            for (SimulatedAgent agent : agents) {
                flushes.add(flushers.submit(() -> agent.stopPushing(lastAttempts)));
            }
            for (Future<PushStats> flush : flushes) {
                try {
                    result.add(flush.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("stopping a simulated agent failed", e.getCause());
                }
            }
        }
        return result;
    }

    /** CPU time of this process, or -1 where the JVM does not tell. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }
}
