package io.fabricpulse.server.ingest;

import io.fabricpulse.server.fabric.LiveFabric;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import java.time.Clock;
import java.util.List;

/** Wires ingest: validation with the server clock, the replay window, and the sink batches go to. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IngestProperties.class)
class IngestConfiguration {

    /** Today a batch is applied straight to the live fabric; the durable pipeline replaces this bean. */
    @Bean
    @Order(0)
    BatchSink liveFabricSink(LiveFabric fabric) {
        return fabric::apply;
    }

    /** Every {@link BatchSink} bean gets each batch, in {@code @Order}: the live fabric first, then the features built on it. */
    @Bean
    IngestService ingestService(IngestProperties properties, Clock clock, ObjectProvider<BatchSink> sinks) {
        List<BatchSink> all = sinks.orderedStream().toList();
        return new IngestService(new BatchValidator(clock, properties.maxClockSkew()),
                new SeenBatches(properties.dedupWindow()), batch -> all.forEach(sink -> sink.accept(batch)));
    }
}
