package io.fabricpulse.server.pipeline;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.pipeline.*}: the queue between ingest and the stores.
 *
 * @param queueCapacity    batches waiting for the pipeline's worker; when full, ingest answers 503 with
 *                         {@code Retry-After} and agents keep the batch in their spool
 * @param maxPortsPerFlush most port samples one store write takes: waiting batches are grouped up to this
 * @param maxQueueWait     longest a batch may wait for the worker, by the oldest queued batch's wait and by what is
 *                         queued at the worker's recent cost per port sample; beyond it new batches are refused (503
 *                         with {@code Retry-After}, answered before their body is read): an overloaded server says
 *                         "busy" at once and stays at its capacity, instead of queueing pushes until their agents time
 *                         out. Batches of more than {@link io.fabricpulse.server.ingest.BatchSink#SMALL_BATCH_PORTS}
 *                         port samples are refused at half of it, the rest is kept for small ones. 100 ms: large
 *                         batches wait at most 50 ms (a queue held to 25 ms delivered a third less), a taken push is
 *                         answered within about twice its bound; 2 s held answers for seconds under overload and
 *                         through a fabric's first sight, for no more delivered
 * @param retryAfter       the delay a 503 asks agents to wait
 * @param storeTimeout     longest wait for one write to the series or state store before it counts as failed
 * @param resumeInterval   how often a port's last raw sample is rewritten in the state store, by its sample
 *                         times ({@link ResumeThrottle}); unset: 30 s with H2 (one server), 0 (every sample)
 *                         with any other database, where replicas may take turns with an agent's batches
 */
@ConfigurationProperties("fabricpulse.pipeline")
public record PipelineProperties(@DefaultValue("512") int queueCapacity,
                                 @DefaultValue("2000") int maxPortsPerFlush,
                                 @DefaultValue("100ms") Duration maxQueueWait,
                                 @DefaultValue("5s") Duration retryAfter,
                                 @DefaultValue("30s") Duration storeTimeout,
                                 Duration resumeInterval) {

    /** The resume interval when none is configured and the state store is H2. */
    static final Duration SINGLE_SERVER_RESUME_INTERVAL = Duration.ofSeconds(30);

    public PipelineProperties {
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("fabricpulse.pipeline.queue-capacity must be at least 1, got " + queueCapacity);
        }
        if (maxPortsPerFlush < 1) {
            throw new IllegalArgumentException("fabricpulse.pipeline.max-ports-per-flush must be at least 1, got "
                    + maxPortsPerFlush);
        }
        if (maxQueueWait.isNegative() || maxQueueWait.isZero()) {
            throw new IllegalArgumentException("fabricpulse.pipeline.max-queue-wait must be positive, got " + maxQueueWait);
        }
        if (retryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException("fabricpulse.pipeline.retry-after must be at least 1s (Retry-After counts"
                    + " whole seconds), got " + retryAfter);
        }
        if (storeTimeout.isNegative() || storeTimeout.isZero()) {
            throw new IllegalArgumentException("fabricpulse.pipeline.store-timeout must be positive, got " + storeTimeout);
        }
        if (resumeInterval != null && resumeInterval.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.pipeline.resume-interval cannot be negative, got "
                    + resumeInterval);
        }
    }

    /**
     * The configured resume interval, or the default for the state store's database: an H2 file belongs
     * to one server, so its stored baselines are read only after that server restarts; any other
     * database may be shared by replicas.
     */
    Duration resumeIntervalFor(String databaseName) {
        if (resumeInterval != null) {
            return resumeInterval;
        }
        return "H2".equalsIgnoreCase(databaseName) ? SINGLE_SERVER_RESUME_INTERVAL : Duration.ZERO;
    }
}
