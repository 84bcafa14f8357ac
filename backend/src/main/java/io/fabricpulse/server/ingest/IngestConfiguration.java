package io.fabricpulse.server.ingest;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * Wires ingest: validation with the server clock and the batch limits, the admission of the agents feature,
 * the replay windows (their number a gauge), and the sink batches go to (the pipeline).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IngestProperties.class)
class IngestConfiguration {

    @Bean
    IngestService ingestService(IngestProperties properties, Clock clock, BatchAdmission admission, BatchSink sink,
                                MeterRegistry meters) {
        SeenBatches seen = new SeenBatches(properties.dedupWindow());
        Gauge.builder("fabricpulse.ingest.replay.windows", seen, SeenBatches::size)
                .description("Agents whose recent batches are remembered to recognise replays").register(meters);
        return new IngestService(new BatchValidator(clock, properties.maxClockSkew(), properties.maxSampleAge(),
                properties.maxPortsPerBatch()), admission, seen, sink, clock, properties.aheadTolerance());
    }
}
