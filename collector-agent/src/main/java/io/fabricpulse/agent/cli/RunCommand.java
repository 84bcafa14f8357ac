package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.command.AnswerReader;
import io.fabricpulse.agent.command.CommandHandler;
import io.fabricpulse.agent.command.KnownPorts;
import io.fabricpulse.agent.discovery.DiscoveringSource;
import io.fabricpulse.agent.discovery.SweepShardAnswers;
import io.fabricpulse.agent.push.AgentRuntime;
import io.fabricpulse.agent.push.AnswerPoller;
import io.fabricpulse.agent.push.IngestEndpoint;
import io.fabricpulse.agent.push.PushStats;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadProbe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code fabricpulse-agent run}: the agent's daemon mode (or a single push with {@code --once}). */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
                "Polls this node's InfiniBand ports every interval and pushes them to the server, until stopped"
                        + " (SIGTERM or Ctrl-C: waiting batches are flushed first). Batches the server cannot take"
                        + " wait in a bounded disk spool and are sent oldest first when it can, also after a restart.",
                "Exit codes: 0 stopped normally or --once delivered, 1 no usable source or spool, or --once not"
                        + " delivered, 2 wrong command line."})
final class RunCommand implements Callable<Integer> {

    static final Duration MIN_INTERVAL = Duration.ofSeconds(1);
    static final Duration MAX_INTERVAL = Duration.ofHours(1);
    static final Duration MAX_DISCOVER_INTERVAL = Duration.ofHours(24);

    private static final Logger log = LoggerFactory.getLogger(RunCommand.class);

    private final Clock clock;

    @ParentCommand
    private AgentMain parent;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions target;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Time between polls, 1s to 1h: 10s, 1s, 1m, 1m30s. Default: ${DEFAULT-VALUE}.")
    private Duration interval;

    @Option(names = "--source", paramLabel = "SOURCE", defaultValue = "auto",
            description = "Where port data comes from: auto (the best source that works on this host: umad, else"
                    + " sysfs), umad (native MADs through libibumad: also the peer switch port across each cable),"
                    + " sysfs (/sys/class/infiniband, no privileges needed) or sim (a simulated fabric: --demo or"
                    + " --topology; never chosen by auto). Default: ${DEFAULT-VALUE}.")
    private SourceSelector.Choice source;

    @Option(names = "--sysfs-root", paramLabel = "DIR", defaultValue = "/sys/class/infiniband",
            description = "Directory the sysfs source reads. Default: ${DEFAULT-VALUE}.")
    private Path sysfsRoot;

    @Option(names = "--topology", paramLabel = "FILE",
            description = "With --source sim: the fabric to simulate, in ibnetdiscover format (what ibsim reads).")
    private Path topology;

    @Option(names = "--faults", paramLabel = "FILE",
            description = "With --source sim --topology: a fault script (symbol errors, discards, flaps, degraded links).")
    private Path faults;

    @Option(names = "--demo",
            description = "With --source sim: the bundled 648-host fat tree and its fault script.")
    private boolean demo;

    @Option(names = "--agent-id", paramLabel = "ID",
            description = "This agent's name at the server (printable, no blanks, at most 128 characters)."
                    + " Default: the host name.")
    private String agentId;

    @Option(names = "--once",
            description = "Poll once, make one push attempt, and exit: 0 when the server took the batch."
                    + " Uses no spool: an undelivered batch is not kept.")
    private boolean once;

    @Mixin
    private SpoolOptions spool;
    @Mixin
    private CommandOptions commands;
    @Option(names = "--role", paramLabel = "ROLE", defaultValue = "node",
            description = "node (this node's ports and the switch port across each cable) or discover (also walk the"
                    + " whole fabric every --discover-interval and read every cabled switch port each poll; needs"
                    + " native MADs: --source umad or auto). Default: ${DEFAULT-VALUE}.")
    private Role role;

    @Option(names = "--discover-interval", paramLabel = "DURATION", defaultValue = "5m",
            converter = DurationConverter.class,
            description = "With --role discover: time between fabric walks, 1s to 24h. Default: ${DEFAULT-VALUE}.")
    private Duration discoverInterval;

    @Option(names = "--tables-interval", paramLabel = "DURATION", defaultValue = "5m",
            converter = DurationConverter.class,
            description = "With --role discover: time between reads of every switch's forwarding table (the"
                    + " server's routes), 1s to 24h, or 0s for never; also read after a walk that found other cables"
                    + " or LIDs. Default: ${DEFAULT-VALUE}.")
    private Duration tablesInterval;

    /** What an agent reads besides its own ports. */
    enum Role {
        NODE, DISCOVER
    }

    RunCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() throws InterruptedException {
        if (interval.compareTo(MIN_INTERVAL) < 0 || interval.compareTo(MAX_INTERVAL) > 0) {
            throw usage("Invalid value for option '--interval': " + interval.toMillis()
                    + " ms is outside 1s to 1h (polling faster than once a second is not supported)");
        }
        String id = agentId != null ? agentId : AgentIdentity.hostName()
                .orElseThrow(() -> usage("Cannot determine this host's name; give --agent-id ID"));
        if (!AgentIdentity.isValid(id)) {
            throw usage("Invalid value for option '--agent-id': '" + id
                    + "' must be 1 to 128 printable characters without blanks");
        }
        List<IngestEndpoint> endpoints = target.endpoints(parent.environment(), spec, id,
                role.name().toLowerCase(Locale.ROOT));

        if (source != SourceSelector.Choice.SIM && (demo || topology != null || faults != null)) {
            throw usage("--demo, --topology and --faults only apply to --source sim");
        }
        if (demo && (topology != null || faults != null)) {
            throw usage("--demo simulates the bundled fabric: give either --demo or --topology [--faults], not both");
        }
        if (faults != null && topology == null) {
            throw usage("--faults needs --topology FILE (the fabric the faults are on)");
        }
        String spoolProblem = spool.usageProblem(once);
        if (spoolProblem != null) {
            throw usage(spoolProblem);
        }

        if (role == Role.DISCOVER && source != SourceSelector.Choice.AUTO && source != SourceSelector.Choice.UMAD) {
            throw usage("--role discover walks the fabric with native MADs: use --source umad or auto, not "
                    + source.name().toLowerCase());
        }
        if (discoverInterval.compareTo(MIN_INTERVAL) < 0 || discoverInterval.compareTo(MAX_DISCOVER_INTERVAL) > 0) {
            throw usage("Invalid value for option '--discover-interval': " + discoverInterval.toMillis()
                    + " ms is outside 1s to 24h");
        }
        if (!tablesInterval.isZero()
                && (tablesInterval.compareTo(MIN_INTERVAL) < 0 || tablesInterval.compareTo(MAX_DISCOVER_INTERVAL) > 0)) {
            throw usage("Invalid value for option '--tables-interval': " + tablesInterval.toMillis()
                    + " ms is outside 1s to 24h (0s turns the reads off)");
        }

        PortSource portSource;
        SweepShardAnswers shard = new SweepShardAnswers();
        try {
            UmadProbe umadProbe = new UmadProbe(UmadLibrary.DEFAULT_LIBRARY, UmadProbe.DEFAULT_DEV_DIR, clock);
            portSource = role == Role.DISCOVER ? DiscoverRole.source(umadProbe, discoverInterval, tablesInterval, shard, clock)
                    : new SourceSelector(sysfsRoot, umadProbe, new SourceSelector.SimFabric(demo, topology, faults),
                    clock).select(source);
        } catch (SourceUnavailableException e) {
            spec.commandLine().getErr().println("fabricpulse-agent: " + e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        }
        if (target.unencryptedToAnotherHost()) {
            log.warn("pushing to {} over plain http: the token and the counters travel unencrypted; prefer https",
                    endpoints.stream().map(IngestEndpoint::ingestUri).toList());
        }
        SpoolOptions.Lanes lanes;
        try {
            lanes = spool.openLanes(endpoints, id, parent.environment(), once);
        } catch (SpoolUnavailableException e) {
            portSource.close();
            spec.commandLine().getErr().println("fabricpulse-agent: " + e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        }
        KnownPorts ports = new KnownPorts();
        CommandHandler orders = commands.handler(id, portSource, ports, endpoints, clock);
        // One reader of what the servers have for this agent, from push answers and from its long-poll alike.
        AnswerReader answers = new AnswerReader(orders::take, shard);
        AgentRuntime runtime = new AgentRuntime(portSource, lanes.lanes(), id, interval, lanes.policy(), clock,
                ports::watching, answers);
        if (portSource instanceof DiscoveringSource discovering) {
            // Switches another agent swept until it went: swept now, not at the next step.
            shard.onGain(gained -> runtime.reportNow(() -> discovering.monitor().sweepGained(gained)));
        }
        try (orders; AnswerPoller poller = new AnswerPoller(endpoints, id, shard::version, answers)) {
            return once ? runOnce(runtime, endpoints) : runUntilStopped(runtime, poller);
        }
    }

    /** 0 when every server took the batch. */
    private int runOnce(AgentRuntime runtime, List<IngestEndpoint> endpoints) {
        List<PushStats> stats = runtime.runOnce();
        int failed = 0;
        for (int i = 0; i < endpoints.size(); i++) {
            PushStats lane = stats.get(i);
            if (lane.delivered() == 1) {
                spec.commandLine().getOut().println("pushed 1 batch to " + endpoints.get(i).ingestUri());
                continue;
            }
            failed++;
            String why = lane.rejected() > 0 ? "the server refused the batch"
                    : lane.waiting() > 0 ? "the server could not take the batch"
                    : "the source read nothing";
            String where = endpoints.size() == 1 ? "" : " to " + endpoints.get(i).ingestUri();
            spec.commandLine().getErr().println("fabricpulse-agent: nothing delivered" + where + ": " + why
                    + " (see the log above)");
        }
        return failed == 0 ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }

    private int runUntilStopped(AgentRuntime runtime, AnswerPoller poller) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log.info("stopping: flushing waiting batches");
            poller.close();
            runtime.close();
            stopped.countDown();
        }, "fabricpulse-shutdown"));
        runtime.start();
        poller.start();
        // The JVM ends this wait: SIGTERM runs the hook above, which flushes and closes.
        stopped.await();
        return CommandLine.ExitCode.OK;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
