package io.fabricpulse.server.jobs;

import io.fabricpulse.server.jobs.store.JobRepository;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * The poller that keeps the history, when {@code fabricpulse.jobs.source} names a source ({@code none} by
 * default: no poller, the pages say so). Each source's package makes its {@link JobSource} bean.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(JobsProperties.class)
class JobsConfiguration {

    @Bean
    @ConditionalOnExpression("'${fabricpulse.jobs.source:none}' != 'none'")
    JobPoller jobPoller(JobSource source, JobRepository repository, JobsProperties properties, Clock clock) {
        return new JobPoller(source, repository, properties, clock);
    }
}
