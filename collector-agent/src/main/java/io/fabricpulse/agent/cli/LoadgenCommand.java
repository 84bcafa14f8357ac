package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.loadgen.FabricSize;
import io.fabricpulse.agent.loadgen.LoadGenerator;
import io.fabricpulse.agent.loadgen.LoadResult;
import io.fabricpulse.agent.loadgen.LoadSettings;
import io.fabricpulse.agent.push.IngestEndpoint;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** {@code fabricpulse-agent loadgen}: simulated agents push a generated fabric to a server, and what it took is measured. */
@Command(name = "loadgen",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
                "Simulated agents push a generated fabric (sim source, fat trees of 4X NDR links sized to --ports) to"
                        + " the server for --duration, like real agents: gzip Smile with the bearer token, one push in"
                        + " flight per agent, polls step-aligned at per-agent offsets, retries honouring Retry-After."
                        + " Traffic goes to --server only.",
                "Prints every --report-every and at the end: port-samples/s the server acknowledged, push outcomes by"
                        + " HTTP status, and the latency of acknowledged pushes (p50, p99) in ms. Agent log lines go"
                        + " to stderr.",
                "Exit codes: 0 every batch delivered, 1 some batch not delivered, 2 wrong command line."})
final class LoadgenCommand implements Callable<Integer> {

    static final Duration MAX_DURATION = Duration.ofHours(24);
    static final Duration MAX_DRAIN = Duration.ofMinutes(1);
    static final int DEFAULT_AGENTS = 100;

    private final Clock clock;

    @ParentCommand
    private AgentMain parent;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions target;

    @Option(names = "--ports", required = true, paramLabel = "N",
            description = "Port samples per poll of the whole fabric, " + FabricSize.MIN_PORTS + " to " + FabricSize.MAX_PORTS
                    + " (the fabric is sized to the nearest fit, within 0.25%%; e.g. 200000 at --interval 10s offers 20000/s).")
    private int ports;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Each agent's poll interval, 1s to 1h. Default: ${DEFAULT-VALUE}.")
    private Duration interval;

    @Option(names = "--duration", required = true, paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long the agents poll, one interval to 24h.")
    private Duration duration;

    @Option(names = "--drain", paramLabel = "DURATION", defaultValue = "15s", converter = DurationConverter.class,
            description = "After --duration, how long waiting batches may still be sent (retries included), 0s to 1m;"
                    + " the run ends sooner once nothing waits. Default: ${DEFAULT-VALUE}.")
    private Duration drain;

    @Option(names = "--agents", paramLabel = "A",
            description = "Simulated agents sharing the fabric, 1 to " + LoadSettings.MAX_AGENTS
                    + " and at most one per node. Default: " + DEFAULT_AGENTS + " (fewer on a smaller fabric).")
    private Integer agents;

    @Option(names = "--report-every", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Time between progress lines, 1s to 1h. Default: ${DEFAULT-VALUE}.")
    private Duration reportEvery;

    @Option(names = "--steady-after", paramLabel = "DURATION", defaultValue = "0s", converter = DurationConverter.class,
            description = "Also sum up the latency of the pushes acknowledged after this long, the server's warm-up"
                    + " (JIT, first sight of the fabric) left out; 0s for none, else less than --duration."
                    + " Default: ${DEFAULT-VALUE}.")
    private Duration steadyAfter;

    LoadgenCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() throws InterruptedException {
        IngestEndpoint endpoint = target.endpoint(parent.environment(), spec);
        if (ports < FabricSize.MIN_PORTS || ports > FabricSize.MAX_PORTS) {
            throw usage("Invalid value for option '--ports': " + ports + " is outside " + FabricSize.MIN_PORTS + " to "
                    + FabricSize.MAX_PORTS);
        }
        checkRange("--interval", interval, RunCommand.MIN_INTERVAL, RunCommand.MAX_INTERVAL);
        checkRange("--duration", duration, interval, MAX_DURATION);
        checkRange("--drain", drain, Duration.ZERO, MAX_DRAIN);
        checkRange("--report-every", reportEvery, RunCommand.MIN_INTERVAL, RunCommand.MAX_INTERVAL);
        checkRange("--steady-after", steadyAfter, Duration.ZERO, duration.minusMillis(1));
        FabricSize size = FabricSize.forPorts(ports);
        int maxAgents = Math.min(LoadSettings.MAX_AGENTS, size.nodes());
        int agentCount = agents != null ? agents : Math.min(DEFAULT_AGENTS, size.nodes());
        if (agentCount < 1 || agentCount > maxAgents) {
            throw usage("Invalid value for option '--agents': " + agentCount + " is outside 1 to " + maxAgents
                    + (maxAgents < LoadSettings.MAX_AGENTS ? " (the fabric has " + size.nodes() + " nodes)" : ""));
        }

        LoadGenerator generator = new LoadGenerator(new LoadSettings(endpoint, size, agentCount, interval, duration,
                drain, reportEvery, steadyAfter), spec.commandLine().getOut(), clock, System::nanoTime);
        CountDownLatch finished = new CountDownLatch(1);
        // Ctrl-C ends the run early with its summary instead of losing the figures of the minutes before
        Thread stopEarly = new Thread(() -> {
            generator.stopEarly();
            try {
                finished.await(drain.toSeconds() + 5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "fabricpulse-loadgen-stop");
        Runtime.getRuntime().addShutdownHook(stopEarly);
        try {
            LoadResult result = generator.run();
            return result.complete() ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
        } finally {
            finished.countDown();
            removeHook(stopEarly);
        }
    }

    private void checkRange(String option, Duration value, Duration min, Duration max) {
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw usage("Invalid value for option '" + option + "': " + value.toMillis() + " ms is outside "
                    + min.toMillis() + " to " + max.toMillis() + " ms");
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down and runs the hook: it waited for the summary printed above
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
