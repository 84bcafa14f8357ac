package io.fabricpulse.server.alerting;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.DerivedRates;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What rule evaluation costs per port sample, for docs/PERFORMANCE.md. Not a test: the name keeps it
 * out of the normal runs, and it asserts nothing about time. Run it with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=AlertEngineBench}
 * and {@code -Dbench.ports=10000 -Dbench.rounds=30} as needed. Every port carries all 12 error
 * counters, PortXmitWait and PortXmitData; 1 % of the ports gain symbol errors every round (so
 * their windows and alerts exist); batches of 32 ports, as a switch agent sends them.
 */
@Tag("bench")
class AlertEngineBench {

    private static final String[] ERRORS = {"SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter",
            "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
            "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped"};

    @Test
    void evaluate() {
        int ports = Integer.getInteger("bench.ports", 10_000);
        int rounds = Integer.getInteger("bench.rounds", 30);
        try (StateDatabase db = StateDatabase.h2()) {
            MutableClock clock = new MutableClock(AlertTestbed.T0);
            AlertsProperties properties = AlertsProperties.defaults();
            AlertWriter writer = new AlertWriter(new AlertRepository(db.client()),
                    new AlertEventPublisher(List.of(), new Silences()), JsonMapper.builder().build(), ports * 4);
            RuleCatalog catalog = RuleCatalog.standard();
            AlertEngine engine = new AlertEngine(catalog, new RuleSettingsResolver(catalog, properties),
                    new ClusterDirectory(new ClusterMemberRepository(db.client(), db.transaction())), writer, properties, clock);
            long best = Long.MAX_VALUE;
            for (int round = 0; round < rounds; round++) {
                clock.advanceSeconds(1);
                List<FabricUpdate> batches = batches(ports, round, clock);
                long start = System.nanoTime();
                batches.forEach(engine::onUpdate);
                long took = System.nanoTime() - start;
                best = Math.min(best, took);
                writer.flush();
                System.out.printf("round %d: %d port samples in %.1f ms, %.0f ns per port sample%n", round, ports,
                        took / 1e6, (double) took / ports);
            }
            System.out.printf("best: %.0f ns per port sample (%d rules), %d alerts open%n", (double) best / ports,
                    catalog.portRules().size(), engine.openKeys().size());
            // Each erroring port: the BER rule and, at 5 errors a second, the burst rule.
            assertThat(engine.openKeys()).hasSize(2 * ports / 100);
        }
    }

    private static final int EDR_SWITCH = PortView.bits(new PortCapability(EnumSet.of(LinkWidth.X1, LinkWidth.X4),
            EnumSet.of(LinkSpeed.SDR, LinkSpeed.QDR, LinkSpeed.FDR, LinkSpeed.EDR)));

    private static List<FabricUpdate> batches(int ports, int round, MutableClock clock) {
        List<FabricUpdate> batches = new ArrayList<>();
        List<PortView> batch = new ArrayList<>();
        for (int port = 0; port < ports; port++) {
            Map<String, Long> counters = new HashMap<>();
            for (String counter : ERRORS) {
                counters.put(counter, 0L);
            }
            counters.put("SymbolErrorCounter", port % 100 == 0 ? (long) round * 5 : 0L);
            counters.put("PortXmitWait", round * 1_000L);
            counters.put("PortXmitData", round * 1_000_000L);
            String guid = String.format("0x%016x", port / 32 + 1);
            // As an EDR switch reports its ports: widths and speeds supported, enabled, its siblings' and the far end's.
            batch.add(new PortView(guid, "switch-" + port / 32, NodeType.SWITCH, port % 32 + 1, port + 1,
                    PortState.ACTIVE, PhysicalState.LINK_UP, "4X", "EDR", null, 0, counters, Map.of(), null, null,
                    DerivedRates.NONE, Map.of(), clock.instant(), null, null, CounterWidth.BASIC, EDR_SWITCH,
                    EDR_SWITCH, EDR_SWITCH, EDR_SWITCH, null));
            if (batch.size() == 32) {
                batches.add(new FabricUpdate(clock.instant(), "agent-" + port / 32, List.copyOf(batch)));
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            batches.add(new FabricUpdate(clock.instant(), "agent-last", List.copyOf(batch)));
        }
        return batches;
    }
}
