package io.fabricpulse.server.web;

import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.fabric.counterclear.CounterClearHistory;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The state store repositories behind what pages read (clusters, counter clears, alerts, silences), the
 * cluster directory and the counter-clear history over a real, migrated H2 database in memory, for web
 * slices and web-only servers that do not start the whole server's persistence.
 */
@TestConfiguration(proxyBeanMethods = false)
public class PageStateStore {

    @Bean(destroyMethod = "close")
    StateDatabase pageStateDatabase() {
        return StateDatabase.h2();
    }

    @Bean
    CounterClearRepository counterClears(StateDatabase state) {
        return new CounterClearRepository(state.client());
    }

    @Bean
    CounterClearHistory counterClearHistory(CounterClearRepository clears) {
        return new CounterClearHistory(clears);
    }

    @Bean
    ClusterMemberRepository clusterMembers(StateDatabase state) {
        return new ClusterMemberRepository(state.client(), state.transaction());
    }

    /** The clusters pages filter by; a test that changes the table reloads it, as an import does. */
    @Bean
    ClusterDirectory clusterDirectory(ClusterMemberRepository members) {
        return new ClusterDirectory(members);
    }

    @Bean
    AlertRepository alerts(StateDatabase state) {
        return new AlertRepository(state.client());
    }

    @Bean
    SilenceRepository silenceRepository(StateDatabase state) {
        return new SilenceRepository(state.client());
    }
}
