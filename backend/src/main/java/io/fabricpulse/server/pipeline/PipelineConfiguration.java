package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.pipeline.resume.ResumeRepository;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.SeriesStore;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.r2dbc.spi.ConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

import java.time.Clock;
import java.time.Duration;

/**
 * The ingest pipeline is the server's {@link io.fabricpulse.server.ingest.BatchSink}; its resume state is kept
 * under this replica's name, and readiness waits for a named replica to catch up ({@link CatchUp}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({PipelineProperties.class, ReplicaProperties.class})
class PipelineConfiguration {

    @Bean
    ResumeRepository resumeRepository(DatabaseClient db, TransactionalOperator transaction, ReplicaProperties replica) {
        if (replica.named()) {
            log.info("replica {}: ingest marks and rate baselines are this replica's own; readiness waits until it"
                    + " has caught up with the other replicas", replica.name());
        }
        return new ResumeRepository(db, transaction, replica.name());
    }

    /** The health contributor {@code ingestCatchUp}, part of the readiness group (application.yml). */
    @Bean
    CatchUp ingestCatchUpHealthIndicator(ResumeRepository resume, ReplicaProperties replica, Clock clock) {
        return new CatchUp(resume, replica, clock);
    }

    private static final Logger log = LoggerFactory.getLogger(PipelineConfiguration.class);

    /**
     * How far behind ingest is and how often it said "busy": batches waiting for the worker, and refusals (503) because
     * the worker was behind ({@code max-queue-wait}) or the queue was full.
     */
    @Bean
    MeterBinder ingestPipelineMetrics(IngestPipeline pipeline) {
        return registry -> {
            Gauge.builder("fabricpulse.ingest.queue.batches", pipeline, IngestPipeline::queued)
                    .description("Batches waiting for the ingest pipeline's worker").register(registry);
            FunctionCounter.builder("fabricpulse.ingest.refused", pipeline, IngestPipeline::refusedBehind)
                    .description("Pushes answered 503 because ingest was busy").tag("reason", "behind").register(registry);
            FunctionCounter.builder("fabricpulse.ingest.refused", pipeline, IngestPipeline::refusedFull)
                    .description("Pushes answered 503 because ingest was busy").tag("reason", "queue-full")
                    .register(registry);
        };
    }

    @Bean
    IngestPipeline ingestPipeline(LiveFabric fabric, SeriesStore series, ResumeRepository resume,
                                  PipelineProperties properties, ConnectionFactory stateDatabase,
                                  PortIndex index, ObjectProvider<AppliedBatchListener> listeners) {
        Duration resumeInterval = properties.resumeIntervalFor(stateDatabase.getMetadata().getName());
        log.info("ingest keeps each port's last raw sample in the state store {}", resumeInterval.isZero()
                ? "for every sample" : "at most every " + resumeInterval + " of sample time, and at every clear or reset");
        return IngestPipeline.create(fabric, series, resume, properties, resumeInterval, index,
                listeners.orderedStream().toList());
    }
}
