package io.fabricpulse.agent.testing;

import io.fabricpulse.agent.cli.AgentMain;
import io.fabricpulse.agent.cli.DiscoverCommand;
import io.fabricpulse.agent.cli.DoctorCommand;
import io.fabricpulse.agent.cli.PerfqueryCommand;
import io.fabricpulse.agent.cli.SminfoCommand;
import io.fabricpulse.agent.cli.SmpqueryCommand;
import io.fabricpulse.agent.cli.SweepCommand;
import picocli.CommandLine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * Runs agent commands in a child JVM that sits on the simulated fabric (started by
 * {@link IbsimFabric#agentJvm} with LD_PRELOAD=libumad2sim.so, SIM_HOST and IBSIM_SOCKNAME, which
 * umad2sim reads once per process). Reads one command per stdin line, e.g. {@code perfquery -x 2 1},
 * runs it through picocli exactly as a user would, and answers with its stdout, its stderr and
 * {@value #END} plus the exit code.
 */
public final class CommandBatchMain {

    public static final String END = "\u0001END ";
    public static final String ERR = "\u0001ERR";

    private CommandBatchMain() {
    }

    public static void main(String[] args) throws Exception {
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        var stdout = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        Clock clock = Clock.systemDefaultZone();
        for (String line; (line = in.readLine()) != null; ) {
            String[] words = line.strip().split("\\s+");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code;
            if (words[0].equals("run")) {
                // run reads the environment through its parent command: the whole command line, as a user types it
                code = AgentMain.execute(System.getenv(), clock,
                        new PrintWriter(out, true), new PrintWriter(err, true), words);
            } else {
                CommandLine cl = new CommandLine(command(words[0], clock));
                cl.setOut(new PrintWriter(out, true));
                cl.setErr(new PrintWriter(err, true));
                code = cl.execute(Arrays.copyOfRange(words, 1, words.length));
            }
            stdout.print(out);
            stdout.println(ERR);
            stdout.print(err);
            stdout.println(END + code);
            stdout.flush();
        }
    }

    private static Callable<Integer> command(String name, Clock clock) {
        return switch (name) {
            case "perfquery" -> new PerfqueryCommand(clock);
            case "smpquery" -> new SmpqueryCommand(clock);
            case "sminfo" -> new SminfoCommand(clock);
            case "doctor" -> new DoctorCommand(clock);
            case "discover" -> new DiscoverCommand(clock);
            case "sweep" -> new SweepCommand(clock);
            default -> throw new IllegalArgumentException("unknown command " + name);
        };
    }
}
