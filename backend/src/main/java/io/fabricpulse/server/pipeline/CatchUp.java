package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.pipeline.resume.AgentMark;
import io.fabricpulse.server.pipeline.resume.ReplicaMarks;
import io.fabricpulse.server.pipeline.resume.ResumeRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * Readiness of a named replica after its start: DOWN until, for every agent any other replica stored a
 * batch of within the horizon, this replica's newest stored batch is within the tolerance of the other
 * replicas' newest. The backlog comes from the agents' spools for this replica (they deliver it oldest
 * first as soon as the replica listens; ingest does not wait for readiness), so a replica joins the
 * Service only once its pages, windows and history are whole. Once caught up it stays ready (a replica
 * that falls a little behind under load must not flap out of the Service); past the timeout it reports
 * ready anyway and names the agents still behind.
 */
final class CatchUp implements HealthIndicator {

    private static final Logger log = LoggerFactory.getLogger(CatchUp.class);
    private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(10);

    private final ResumeRepository marks;
    private final ReplicaProperties properties;
    private final Clock clock;
    private final Instant started;
    private volatile boolean caughtUp;

    CatchUp(ResumeRepository marks, ReplicaProperties properties, Clock clock) {
        this.marks = marks;
        this.properties = properties;
        this.clock = clock;
        this.started = clock.instant();
        this.caughtUp = !properties.named();
    }

    @Override
    public Health health() {
        if (caughtUp) {
            return Health.up().withDetail("replica", properties.name()).build();
        }
        Map<String, Duration> behind = behind(marks.allMarks().block(QUERY_TIMEOUT), clock.instant());
        Instant now = clock.instant();
        if (behind.isEmpty()) {
            caughtUp = true;
            log.info("replica {} caught up with the other replicas after {} s: ready", properties.name(),
                    Duration.between(started, now).toSeconds());
            return Health.up().withDetail("replica", properties.name()).build();
        }
        if (Duration.between(started, now).compareTo(properties.catchUpTimeout()) > 0) {
            caughtUp = true;
            log.warn("replica {} still behind the other replicas after {} (the spools of these agents may have"
                    + " dropped its backlog): ready anyway; behind by {}", properties.name(),
                    properties.catchUpTimeout(), behind);
            return Health.up().withDetail("replica", properties.name()).build();
        }
        return Health.outOfService().withDetail("replica", properties.name())
                .withDetail("catchingUp", behind.size() + " agents").build();
    }

    /** Per agent this replica lags, how far behind the newest other replica it is. */
    Map<String, Duration> behind(ReplicaMarks stored, Instant now) {
        Map<String, Duration> behind = new TreeMap<>();
        Instant horizon = now.minus(properties.catchUpHorizon());
        stored.elsewhere().forEach((agent, newest) -> {
            if (newest.collectedAt().isBefore(horizon)) {
                return;
            }
            AgentMark mine = stored.here().get(agent);
            Duration lag = mine == null ? Duration.between(horizon, newest.collectedAt())
                    : Duration.between(mine.collectedAt(), newest.collectedAt());
            if (lag.compareTo(properties.catchUpTolerance()) > 0) {
                behind.put(agent, lag);
            }
        });
        return behind;
    }
}
