package io.fabricpulse.server.demo;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.demo.*}.
 *
 * @param enabled  run the in-process demo agent (and allow anonymous read-only access)
 * @param interval time between the demo agent's polls, 1 s or more
 * @param agentId  the agent id the demo's batches carry
 */
@ConfigurationProperties("fabricpulse.demo")
public record DemoProperties(@DefaultValue("false") boolean enabled,
                             @DefaultValue("5s") Duration interval,
                             @DefaultValue("demo-sim") String agentId) {

    public DemoProperties {
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("fabricpulse.demo.interval must be at least 1s, was " + interval);
        }
    }
}
