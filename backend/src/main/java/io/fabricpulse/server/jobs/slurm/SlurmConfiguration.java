package io.fabricpulse.server.jobs.slurm;

import io.fabricpulse.server.jobs.CommandRunner;
import io.fabricpulse.server.jobs.JobSource;
import io.fabricpulse.server.jobs.JobsProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** {@code fabricpulse.jobs.source=slurm}: jobs from squeue, run with the time and size limits of {@code fabricpulse.jobs}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "fabricpulse.jobs.source", havingValue = "slurm")
class SlurmConfiguration {

    @Bean
    JobSource slurmJobSource(JobsProperties properties, Clock clock) {
        return new SlurmJobSource(properties.slurm().squeue(), properties.slurm().environment(),
                new CommandRunner(properties.timeout(), properties.maxOutput()), clock);
    }
}
