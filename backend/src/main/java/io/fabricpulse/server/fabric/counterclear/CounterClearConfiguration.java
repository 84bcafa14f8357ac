package io.fabricpulse.server.fabric.counterclear;

import io.fabricpulse.server.state.StateProperties;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** The counter-clear recorder, with its queue size from {@code fabricpulse.state.counter-clear-queue}. */
@Configuration(proxyBeanMethods = false)
class CounterClearConfiguration {

    @Bean
    CounterClearRecorder counterClearRecorder(CounterClearRepository repository, StateProperties properties,
                                              MeterRegistry meters, Clock clock) {
        return new CounterClearRecorder(repository, properties.counterClearQueue(), meters, clock);
    }
}
