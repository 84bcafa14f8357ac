package io.fabricpulse.server.alerting;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.store.RuleSettingRepository;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;

/**
 * One replica's alerting on a real state database, without Spring and without timers: the test
 * moves the clock, applies batches through a real {@link LiveFabric}, and runs the sweep and the
 * writer's queue itself ({@link #settle()}), so every step of a timeline is deterministic.
 */
final class AlertTestbed {

    static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    static final String HOST = "0x0002c9030031aa01";
    static final String SWITCH = "0x0002c90200410d02";

    final StateDatabase db;
    final MutableClock clock;
    final List<AlertEvent> events = new CopyOnWriteArrayList<>();
    final Silences silences = new Silences();
    final AlertRepository alerts;
    final AlertWriter writer;
    final AlertEngine engine;
    final AlertReconciler reconciler;
    final LiveFabric fabric;
    private long sequence;

    AlertTestbed(StateDatabase db, MutableClock clock, AlertsProperties properties) {
        this.db = db;
        this.clock = clock;
        JsonMapper json = JsonMapper.builder().build();
        this.alerts = new AlertRepository(db.client());
        this.writer = new AlertWriter(alerts, new AlertEventPublisher(List.of(events::add), silences), json, 1000);
        RuleCatalog catalog = RuleCatalog.standard();
        ClusterDirectory clusters = new ClusterDirectory(new ClusterMemberRepository(db.client(), db.transaction()));
        this.engine = new AlertEngine(catalog, new RuleSettingsResolver(catalog, properties), clusters, writer,
                properties, clock);
        this.reconciler = new AlertReconciler(engine, alerts, new SilenceRepository(db.client()), silences,
                clusters, new RuleSettingRepository(db.client()), properties, json, clock);
        this.fabric = liveFabric().updateListeners(engine).build();
    }

    /** Short BER windows so a timeline fits in minutes: 1 minute at 1e-14, 2 minutes at 1e-15, 30 s hysteresis. */
    static AlertsProperties shortWindows() {
        return new AlertsProperties(Map.of("symbol-error-ber", new RuleSettings(null, null, null,
                Duration.ofMinutes(1), null, Duration.ofMinutes(2), Duration.ofSeconds(30), null)), Map.of(),
                Duration.ofMinutes(30), 3, Duration.ofSeconds(1), Duration.ofSeconds(15), 1000);
    }

    /** Applies one batch from {@code agent} collected now, then sweeps and writes what is queued. */
    void push(String agent, NodeReport... nodes) {
        fabric.apply(new IngestBatch(IngestBatch.SCHEMA_VERSION, agent, ++sequence, clock.instant(), "sim",
                List.of(nodes)));
        settle();
    }

    /** The host's first sample, clean, and a second later 17 symbol errors: the BER alert fires. */
    void fireSymbolErrorAlert() {
        push("rac1001", hostWithSymbolErrors(0));
        advanceSeconds(1);
        push("rac1001", hostWithSymbolErrors(17));
    }

    /** Moves the clock, then sweeps and writes. */
    void advanceSeconds(double seconds) {
        clock.advanceSeconds(seconds);
        settle();
    }

    void settle() {
        engine.sweep();
        writer.flush();
    }

    List<AlertEvent> events(AlertEventKind kind) {
        return events.stream().filter(e -> e.kind() == kind).toList();
    }

    List<AlertRow> openRows() {
        return alerts.allOpen().collectList().block();
    }

    static NodeReport host(String guid, PortReport port) {
        return new NodeReport(guid, guid, NodeType.CA, "rac1001 HCA-1", "MT4123", "20.31.1014", "MT_0000000223",
                List.of(port));
    }

    static NodeReport switchNode(String guid, PortReport port) {
        return new NodeReport(guid, guid, NodeType.SWITCH, "leaf-07", null, null, null, List.of(port));
    }

    /** An Active 4X EDR port (100 Gb/s) cabled to {@code peerGuid}/{@code peerPort}. */
    static PortReport port(int number, int lid, PortState state, Map<String, Long> counters, String peerGuid,
                           int peerPort) {
        boolean active = state == PortState.ACTIVE;
        // Init and Armed are states of a physically up port (a cable, no SM): only Down goes with Polling.
        return new PortReport(number, lid, 1, state, state == PortState.DOWN ? PhysicalState.POLLING : PhysicalState.LINK_UP,
                active ? LinkWidth.X4 : null, active ? LinkSpeed.EDR : null,
                EnumSet.of(LinkWidth.X1, LinkWidth.X4), EnumSet.of(LinkSpeed.SDR, LinkSpeed.EDR), "InfiniBand", true,
                counters, peerGuid == null ? null : new PeerPort(peerGuid, peerPort));
    }

    /** The host's port 1, cabled to the switch's port 7, with SymbolErrorCounter = {@code symbolErrors}. */
    static NodeReport hostWithSymbolErrors(long symbolErrors) {
        return host(HOST, port(1, 4, PortState.ACTIVE, Map.of("SymbolErrorCounter", symbolErrors), SWITCH, 7));
    }

    /** The switch's port 7, cabled to the host's port 1. */
    static NodeReport switchWithSymbolErrors(long symbolErrors) {
        return switchNode(SWITCH, port(7, 2, PortState.ACTIVE, Map.of("SymbolErrorCounter", symbolErrors), HOST, 1));
    }
}
