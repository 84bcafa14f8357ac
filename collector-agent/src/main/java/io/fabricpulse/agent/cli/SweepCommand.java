package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.discovery.DiscoveredFabric;
import io.fabricpulse.agent.discovery.FabricReports;
import io.fabricpulse.agent.discovery.PortSweeper;
import io.fabricpulse.agent.discovery.SweepPlan;
import io.fabricpulse.agent.discovery.SweepResult;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;

/**
 * {@code sweep}: discovers the fabric once, then reads the counters of every cabled port of every node
 * (switch ports at the switch's LID, CA ports at their own) {@code --repeat} times, all requests of a
 * sweep in flight together, and prints one line per sweep.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Discover the fabric, then read the counters of every cabled port of every node, N times;"
                + " one line per sweep: 'sweep K: P ports in T ms'.",
                "Exit codes: 0 swept (ports that failed are counted on their sweep's line), 1 nothing could be read,"
                        + " 2 wrong command line."})
public final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    FabricWalkOptions fabricOptions;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "sweeps to make (default: 1)")
    int repeat;

    @Option(names = {"-x", "--extended"}, description = "also read the 64-bit PortCountersExtended where supported")
    boolean extended;

    @Option(names = "--json", description = "after the last sweep, print its ports as the ingest schema's node"
            + " reports (a JSON array)")
    boolean json;

    private final Clock clock;

    public SweepCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (repeat < 1 || repeat > 1_000_000) {
            err.println("sweep: --repeat " + repeat + " (1..1000000)");
            return 2;
        }
        try (UmadSession session = fabricOptions.open(clock)) {
            DiscoveredFabric fabric = FabricWalkOptions.discover(session, clock);
            SweepPlan plan = SweepPlan.allCabledPorts(fabric);
            out.printf("discovered %d nodes and %d links in %d ms; %d cabled ports to read%n",
                    fabric.topology().nodes().size(), fabric.topology().links().size(), fabric.elapsed().toMillis(),
                    plan.targets().size());
            out.flush();
            DiscoveryProblems.print("sweep", fabric, err);
            if (plan.unaddressable() > 0) {
                err.printf("sweep: %d cabled ports have no LID (has a subnet manager run?) and are not read%n",
                        plan.unaddressable());
            }
            if (plan.targets().isEmpty()) {
                err.println("sweep: no port to read");
                return 1;
            }
            PortSweeper sweeper = new PortSweeper(session.engine()::submit, session.engine().settings(), clock);
            SweepResult last = null;
            for (int k = 1; k <= repeat; k++) {
                last = sweeper.sweep(plan.targets(), extended, false);
                out.printf("sweep %d: %d ports in %d ms%s%n", k, last.samples().size(), last.elapsed().toMillis(),
                        last.failed() == 0 ? "" : " (" + last.failed() + " ports failed)");
                out.flush();
                last.problems().forEach(problem -> err.println("sweep:   " + problem));
            }
            if (json) {
                out.println(JsonMapper.builder().build().writeValueAsString(FabricReports.swept(fabric, last)));
            }
            return last.samples().isEmpty() ? 1 : 0;
        } catch (UmadUnavailableException e) {
            err.println("sweep: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("sweep: " + e.getMessage());
            return 2;
        }
    }
}
