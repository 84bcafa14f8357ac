package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.state.resume.ResumeRepository;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The ingest pipeline is the server's {@link io.fabricpulse.server.ingest.BatchSink}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PipelineProperties.class)
class PipelineConfiguration {

    @Bean
    IngestPipeline ingestPipeline(LiveFabric fabric, SeriesStore series, ResumeRepository resume,
                                  PipelineProperties properties, ObjectProvider<AppliedBatchListener> listeners) {
        return IngestPipeline.create(fabric, series, resume, properties, listeners.orderedStream().toList());
    }
}
