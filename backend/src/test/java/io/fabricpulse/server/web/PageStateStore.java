package io.fabricpulse.server.web;

import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.fabric.counterclear.CounterClearHistory;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.ingest.poll.AgentPollProperties;
import io.fabricpulse.server.ingest.poll.AgentPolls;
import io.fabricpulse.server.fabric.FabricWindows;
import io.fabricpulse.server.topology.CableHistory;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.TopologyViews;
import io.fabricpulse.server.topology.store.NodeNameRepository;
import io.fabricpulse.server.topology.TopologyProperties;
import io.fabricpulse.server.topology.UnlinkedPorts;
import io.fabricpulse.server.topology.store.CableHistoryRepository;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import org.springframework.util.unit.DataSize;

import io.fabricpulse.server.commands.CommandRepository;
import io.fabricpulse.server.commands.CommandsProperties;
import io.fabricpulse.server.commands.PortCommands;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.security.audit.AuditTrail;
import io.fabricpulse.server.sm.SubnetManagerRegistry;
import io.fabricpulse.server.sm.store.SubnetManagerRepository;
import org.springframework.r2dbc.core.DatabaseClient;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The state store repositories behind what pages read (clusters, counter clears, alerts, silences, the cable
 * history), the cluster directory, the counter-clear history, the ports without a cable and a topology without
 * a baseline over a real, migrated H2 database in memory, for web slices and web-only servers that do not start
 * the whole server's persistence.
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

    @Bean
    CableHistory cableHistory(StateDatabase state) {
        return new CableHistory(new CableHistoryRepository(state.client(), state.transaction()), Clock.systemUTC());
    }

    @Bean
    UnlinkedPorts unlinkedPorts(FabricView fabric, CableHistory history) {
        return new UnlinkedPorts(fabric, history);
    }

    /** Orders to agents (the port page's actions, the alert list's ports disabled on purpose): none yet. */
    @Bean
    PortCommands portCommands(StateDatabase state, FabricView fabric) {
        DatabaseClient db = state.client();
        return new PortCommands(new CommandRepository(db), new CounterClearRepository(db),
                new AuditTrail(new AuditLogRepository(db), Clock.systemUTC()), fabric,
                new SubnetManagerRegistry(new SubnetManagerRepository(db), List.of()),
                new AgentPolls(new AgentPollProperties(Duration.ofSeconds(25), Duration.ofSeconds(1), 100),
                        Clock.systemUTC()),
                new CommandsProperties(Duration.ofMinutes(2), Duration.ofMinutes(2), Duration.ofSeconds(1),
                        Duration.ofHours(1)), Clock.systemUTC());
    }

    /** The topology as a first start finds it: no baseline saved yet. */
    @Bean
    TopologyChanges topologyChanges() {
        return new TopologyChanges(new TopologyProperties(Duration.ofSeconds(30), DataSize.ofMegabytes(16)),
                Clock.systemUTC(), guid -> null, List.of());
    }

    @Bean
    NodeNameDirectory nodeNameDirectory(StateDatabase state) {
        return new NodeNameDirectory(new NodeNameRepository(state.client(), state.transaction()));
    }

    @Bean
    TopologyViews topologyViews(TopologyChanges topology, FabricView fabric, FabricWindows windows,
                                NodeNameDirectory names, ClusterDirectory clusters) {
        return new TopologyViews(topology, fabric, windows, names, clusters);
    }
}
