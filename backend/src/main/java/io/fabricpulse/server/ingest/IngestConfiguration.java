package io.fabricpulse.server.ingest;

import io.fabricpulse.server.fabric.LiveFabric;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** Wires ingest: validation with the server clock, the replay window, and the sink batches go to. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IngestProperties.class)
class IngestConfiguration {

    /** Today a batch is applied straight to the live fabric; the durable pipeline replaces this bean. */
    @Bean
    BatchSink liveFabricSink(LiveFabric fabric) {
        return fabric::apply;
    }

    @Bean
    IngestService ingestService(IngestProperties properties, Clock clock, BatchSink sink) {
        return new IngestService(new BatchValidator(clock, properties.maxClockSkew()),
                new SeenBatches(properties.dedupWindow()), sink);
    }
}
