package io.fabricpulse.agent.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code fabricpulse-agent}: the collector agent's command line. Exit codes: 0 done, 1 the work failed
 * (no usable source, batch not delivered), 2 the command line is wrong (the message says what and why).
 */
@Command(name = "fabricpulse-agent",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Reads InfiniBand port counters on this node and pushes them to a FabricPulse server.",
        // Every subcommand is registered here, and only here.
        subcommands = {
                RunCommand.class,
                PerfqueryCommand.class,
                SmpqueryCommand.class,
                SminfoCommand.class,
                DiscoverCommand.class,
                SweepCommand.class,
                DoctorCommand.class,
                LoadgenCommand.class,
                CommandLine.HelpCommand.class,
        })
public final class AgentMain implements Callable<Integer> {

    private final Map<String, String> environment;

    @Spec
    private CommandSpec spec;

    public AgentMain(Map<String, String> environment) {
        this.environment = environment;
    }

    /** The process environment as the agent sees it (tests pass their own). */
    Map<String, String> environment() {
        return environment;
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing subcommand: say what to do, e.g. 'fabricpulse-agent run --server URL'");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        // The process's one clock. Its zone is the local one, which discover's header prints as ibnetdiscover
        // does; every other use reads instants, which no zone changes.
        System.exit(execute(System.getenv(), Clock.systemDefaultZone(), out, err, args));
    }

    /** Runs the command line, every subcommand that needs the time on {@code clock}, and returns the exit code. */
    public static int execute(Map<String, String> environment, Clock clock, PrintWriter out, PrintWriter err,
                              String... args) {
        CommandLine commandLine = new CommandLine(new AgentMain(environment), new WithClock(clock))
                .setOut(out)
                .setErr(err)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(AgentMain::usageError)
                .setExecutionExceptionHandler((exception, cl, parseResult) -> {
                    // an operator wants the reason, not a stack trace
                    cl.getErr().println("fabricpulse-agent: " + exception);
                    return CommandLine.ExitCode.SOFTWARE;
                });
        return commandLine.execute(args);
    }

    /**
     * Makes a subcommand that takes a {@link Clock} with the given one, and everything else (subcommands without
     * one, converters, the version provider) as picocli's own factory does.
     */
    private record WithClock(Clock clock) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            Constructor<K> withClock;
            try {
                withClock = type.getDeclaredConstructor(Clock.class);
            } catch (NoSuchMethodException noClock) {
                return CommandLine.defaultFactory().create(type);
            }
            return withClock.newInstance(clock);
        }
    }

    /** The reason in one line and where to read more, instead of the whole usage text after every typo. */
    private static int usageError(CommandLine.ParameterException exception, String[] args) {
        CommandLine commandLine = exception.getCommandLine();
        PrintWriter err = commandLine.getErr();
        err.println("fabricpulse-agent: " + exception.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(exception, err);
        err.println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help' for more information.");
        return commandLine.getCommandSpec().exitCodeOnInvalidInput();
    }
}
