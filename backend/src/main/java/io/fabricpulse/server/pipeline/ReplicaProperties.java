package io.fabricpulse.server.pipeline;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.replica.*}: this server as one of several whole replicas (docs/DEPLOYMENT.md, "Several
 * replicas"), each receiving every batch from every agent.
 *
 * @param name              this replica's name in the shared state store, stable across its restarts (the
 *                          StatefulSet pod's name): its ingest marks and rate baselines are kept under it. Empty
 *                          (the default): a single server, or replicas that split the batches between them
 * @param catchUpTolerance  how far this replica's newest stored batch of an agent may be behind the newest any
 *                          other replica stored for it and still count as caught up (an interval or two)
 * @param catchUpTimeout    after a start, the longest readiness waits for the catch-up; then it reports ready
 *                          anyway and names the agents still behind (their backlog for it may be lost: spool bound)
 * @param catchUpHorizon    an agent no replica stored a batch of within this long (of this server's clock) is gone
 *                          or down: not waited for
 */
@ConfigurationProperties("fabricpulse.replica")
public record ReplicaProperties(@DefaultValue("") String name,
                                @DefaultValue("30s") Duration catchUpTolerance,
                                @DefaultValue("15m") Duration catchUpTimeout,
                                @DefaultValue("10m") Duration catchUpHorizon) {

    static final int MAX_NAME_LENGTH = 100;

    public ReplicaProperties {
        if (name.length() > MAX_NAME_LENGTH || !name.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("fabricpulse.replica.name must be at most " + MAX_NAME_LENGTH
                    + " printable ASCII characters without blanks, got '" + name + "'");
        }
        for (Duration d : new Duration[]{catchUpTolerance, catchUpTimeout, catchUpHorizon}) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("fabricpulse.replica.catch-up-* durations cannot be negative, got " + d);
            }
        }
    }

    /** Whether this server is a named replica that keeps its own marks and waits to catch up. */
    boolean named() {
        return !name.isEmpty();
    }
}
