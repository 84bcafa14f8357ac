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
 * @param retryAfter       the delay a 503 asks agents to wait
 * @param storeTimeout     longest wait for one write to the series or state store before it counts as failed
 */
@ConfigurationProperties("fabricpulse.pipeline")
public record PipelineProperties(@DefaultValue("512") int queueCapacity,
                                 @DefaultValue("10000") int maxPortsPerFlush,
                                 @DefaultValue("5s") Duration retryAfter,
                                 @DefaultValue("30s") Duration storeTimeout) {

    public PipelineProperties {
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("fabricpulse.pipeline.queue-capacity must be at least 1, got " + queueCapacity);
        }
        if (maxPortsPerFlush < 1) {
            throw new IllegalArgumentException("fabricpulse.pipeline.max-ports-per-flush must be at least 1, got "
                    + maxPortsPerFlush);
        }
        if (retryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException("fabricpulse.pipeline.retry-after must be at least 1s (Retry-After counts"
                    + " whole seconds), got " + retryAfter);
        }
        if (storeTimeout.isNegative() || storeTimeout.isZero()) {
            throw new IllegalArgumentException("fabricpulse.pipeline.store-timeout must be positive, got " + storeTimeout);
        }
    }
}
