package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.discovery.DiscoveredFabric;
import io.fabricpulse.agent.discovery.IbnetdiscoverText;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.concurrent.Callable;

/**
 * {@code discover}: walks the fabric from this node's port with directed-route SMPs, many in flight,
 * and prints it as {@code ibnetdiscover} does (see {@link IbnetdiscoverText} for what matches).
 */
@Command(name = "discover", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Walk the fabric from this node's port with directed-route SMPs and print it as ibnetdiscover"
                + " does: nodes, GUIDs, cabled ports, LIDs, width and speed.",
                "Exit codes: 0 printed (a partial walk lists what failed on stderr), 1 nothing could be walked,"
                        + " 2 wrong command line."})
public final class DiscoverCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    FabricWalkOptions fabricOptions;

    private final Clock clock;

    /** @param clock its zone is the header's, as ibnetdiscover prints local time */
    public DiscoverCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (UmadSession session = fabricOptions.open(clock)) {
            DiscoveredFabric fabric = FabricWalkOptions.discover(session, clock);
            if (fabric.topology().nodes().isEmpty()) {
                err.println("discover: nothing found from " + session.ca().name() + " port "
                        + session.port().portNumber() + ": " + String.join("; ", fabric.problems()));
                return 1;
            }
            out.print(IbnetdiscoverText.of(fabric, ZonedDateTime.now(clock)));
            out.flush();
            DiscoveryProblems.print("discover", fabric, err);
            return 0;
        } catch (UmadUnavailableException e) {
            err.println("discover: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("discover: " + e.getMessage());
            return 2;
        }
    }
}
