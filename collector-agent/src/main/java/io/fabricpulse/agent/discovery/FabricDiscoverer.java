package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.umad.EngineSettings;

import java.time.Clock;
import java.time.Duration;

/**
 * Discovers the fabric behind one local port: an ibnetdiscover-equivalent walk with directed-route
 * SMPs (see {@link DiscoveryWalk} for the rules), many requests in flight through the port's engine.
 * Unresponsive nodes and lossy paths cost only what they hide: the result is always returned, with
 * the failed requests counted and described.
 */
public final class FabricDiscoverer {

    /** Slack on top of one request's attempts before the walk stops waiting for the rest. */
    private static final Duration VERDICT_MARGIN = Duration.ofSeconds(5);

    private final MadCalls calls;
    private final Duration verdictTimeout;
    private final Clock clock;

    /** @param settings the engine's settings, which bound how long one request can take */
    public FabricDiscoverer(MadCalls calls, EngineSettings settings, Clock clock) {
        this.calls = calls;
        this.verdictTimeout = settings.timeout().multipliedBy(settings.retries() + 1L).plus(VERDICT_MARGIN);
        this.clock = clock;
    }

    public DiscoveredFabric discover() {
        return new DiscoveryWalk(calls, clock, verdictTimeout).run();
    }
}
