package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.discovery.DiscoveredFabric;
import io.fabricpulse.agent.discovery.FabricDiscoverer;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Clock;

/** The options of the fabric-wide commands ({@code discover}, {@code sweep}) and the walk they start with. */
public final class FabricWalkOptions {

    @Mixin
    UmadConnectionOptions connection;

    @Option(names = "--window", paramLabel = "N", defaultValue = "16",
            description = "requests in flight at once, 1..1024 (default: ${DEFAULT-VALUE})")
    int window;

    /** Opens the local port with an engine of {@code --window} requests in flight. */
    UmadSession open(Clock clock) throws UmadUnavailableException {
        return connection.open(clock, window);
    }

    /** Walks the fabric through {@code session}'s port. */
    static DiscoveredFabric discover(UmadSession session, Clock clock) {
        return new FabricDiscoverer(session.engine()::submit, session.engine().settings(), clock).discover();
    }
}
