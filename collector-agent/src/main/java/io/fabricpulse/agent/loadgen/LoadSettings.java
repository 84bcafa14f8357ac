package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.push.IngestEndpoint;

import java.time.Duration;

/**
 * What to generate.
 *
 * @param endpoint    where to push, the only address the generator sends to
 * @param size        the simulated fabric
 * @param agents      simulated agents splitting the fabric between them
 * @param interval    each agent's poll interval
 * @param duration    how long agents poll
 * @param drain       how long after {@code duration} waiting batches may still be sent, retries included; the
 *                    run ends sooner once nothing waits
 * @param reportEvery how often a progress line is printed
 * @param steadyAfter from when on acknowledged pushes also count apart, as the steady state after the server's
 *                    warm-up (its JIT, its first sight of the fabric); zero for no such count
 */
public record LoadSettings(IngestEndpoint endpoint, FabricSize size, int agents, Duration interval, Duration duration,
                           Duration drain, Duration reportEvery, Duration steadyAfter) {

    public static final int MAX_AGENTS = 2000;

    public LoadSettings {
        if (agents < 1 || agents > Math.min(MAX_AGENTS, size.nodes())) {
            throw new IllegalArgumentException("agents must be 1 to " + Math.min(MAX_AGENTS, size.nodes())
                    + " (at most one per node of the " + size.nodes() + "), not " + agents);
        }
        if (duration.compareTo(interval) < 0) {
            throw new IllegalArgumentException("the duration must be at least one interval");
        }
        if (steadyAfter.isNegative() || steadyAfter.compareTo(duration) >= 0) {
            throw new IllegalArgumentException("the steady state must start within the duration");
        }
    }

    /** Port samples per second the agents produce: the whole fabric once per interval. */
    public double offeredSamplesPerSecond() {
        return size.ports() * 1000.0 / interval.toMillis();
    }
}
