package io.fabricpulse.server.ingest;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** Wires ingest: validation with the server clock, the replay window, and the sink batches go to (the pipeline). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IngestProperties.class)
class IngestConfiguration {

    @Bean
    IngestService ingestService(IngestProperties properties, Clock clock, BatchSink sink) {
        return new IngestService(new BatchValidator(clock, properties.maxClockSkew()),
                new SeenBatches(properties.dedupWindow()), sink);
    }
}
