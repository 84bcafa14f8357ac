package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.activePort;
import static io.fabricpulse.server.testing.TestBatches.batch;
import static io.fabricpulse.server.testing.TestBatches.hca;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;

class LiveFabricTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";

    private final LiveFabric fabric = liveFabric().build();

    @Test
    void twoSamplesGiveRatesAndDataBytesAreFourTimesTheWords() {
        fabric.apply(oneHostPort("h1", 1, T0, GUID,
                Map.of("SymbolErrorCounter", 100L, "PortXmitDiscards", 5L, "PortXmitData", 1_000L, "PortRcvData", 0L)));
        fabric.apply(oneHostPort("h1", 2, T0.plusSeconds(10), GUID,
                Map.of("SymbolErrorCounter", 150L, "PortXmitDiscards", 25L, "PortXmitData", 11_000L, "PortRcvData", 400L)));

        PortView port = fabric.ports().getFirst();
        assertThat(port.rates()).containsEntry("SymbolErrorCounter", 5.0).containsEntry("PortXmitDiscards", 2.0)
                .containsEntry("PortXmitData", 1_000.0).containsEntry("PortRcvData", 40.0);
        assertThat(port.xmitBytesPerSecond()).isEqualTo(4_000.0);
        assertThat(port.rcvBytesPerSecond()).isEqualTo(160.0);
        assertThat(port.counters()).containsEntry("SymbolErrorCounter", 150L);
        assertThat(port.sampledAt()).isEqualTo(T0.plusSeconds(10));
    }

    @Test
    void aViewReadBeforeTheNextSampleStaysAsItWasWhileThePortIsUpdatedInPlace() {
        fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 100L)));
        FabricUpdate second = fabric.apply(oneHostPort("h1", 2, T0.plusSeconds(10), GUID,
                Map.of("SymbolErrorCounter", 150L)));
        PortView read = fabric.ports().getFirst();

        fabric.apply(oneHostPort("h1", 3, T0.plusSeconds(20), GUID, Map.of("SymbolErrorCounter", 450L)));

        for (PortView before : List.of(second.ports().getFirst(), read)) {
            assertThat(before.counters()).containsExactly(Map.entry("SymbolErrorCounter", 150L));
            assertThat(before.rates()).containsExactly(Map.entry("SymbolErrorCounter", 5.0));
            assertThat(before.sampledAt()).isEqualTo(T0.plusSeconds(10));
        }
        PortView now = fabric.ports().getFirst();
        assertThat(now.counters()).containsExactly(Map.entry("SymbolErrorCounter", 450L));
        assertThat(now.rates()).containsExactly(Map.entry("SymbolErrorCounter", 30.0));
    }

    @Test
    void aPortKeepsEveryWidthAndSpeedItsReportNamesForItselfAndItsFarEnd() {
        PortReport every = new PortReport(1, 17, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X12,
                LinkSpeed.XDR, EnumSet.allOf(LinkWidth.class), EnumSet.allOf(LinkSpeed.class), "InfiniBand", true,
                Map.of("SymbolErrorCounter", 0L), new PeerPort("0x0002c90200410d02", 7, new PortCapability(
                EnumSet.allOf(LinkWidth.class), EnumSet.allOf(LinkSpeed.class)), null));
        fabric.apply(batch("h1", 1, T0, hca(GUID, "h1 HCA-1", every)));

        PortView view = fabric.port(GUID, 1).orElseThrow();
        int all = PortView.bits(every);
        assertThat(all >>> 16).as("widths").isEqualTo((1 << LinkWidth.values().length) - 1);
        assertThat(all & 0xFFFF).as("speeds").isEqualTo((1 << LinkSpeed.values().length) - 1);
        assertThat(view.capabilityBits()).isEqualTo(all);
        assertThat(view.peerCapabilityBits()).isEqualTo(all);
        assertThat(view.supportedBits()).isEqualTo(PortView.supportedBits(every));
        assertThat(view.capability().widths()).containsExactlyInAnyOrder(LinkWidth.values());
        assertThat(view.capability().speeds()).containsExactlyInAnyOrder(LinkSpeed.values());
    }

    @Test
    void theFirstSampleShowsCountersButNoRates() {
        fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 100L)));

        PortView port = fabric.ports().getFirst();
        assertThat(port.counters()).containsEntry("SymbolErrorCounter", 100L);
        assertThat(port.rates()).isEmpty();
        assertThat(port.xmitBytesPerSecond()).isNull();
    }

    @Test
    void anOlderSampleOfAPortIsIgnoredAndDoesNotDisturbTheNextRate() {
        fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 100L)));
        fabric.apply(oneHostPort("h1", 3, T0.plusSeconds(20), GUID, Map.of("SymbolErrorCounter", 300L)));

        FabricUpdate late = fabric.apply(oneHostPort("h1", 2, T0.plusSeconds(10), GUID, Map.of("SymbolErrorCounter", 150L)));
        fabric.apply(oneHostPort("h1", 4, T0.plusSeconds(30), GUID, Map.of("SymbolErrorCounter", 400L)));

        assertThat(late.ports()).isEmpty();
        assertThat(fabric.ports().getFirst().rates()).containsEntry("SymbolErrorCounter", 10.0);
    }

    @Test
    void saturatedCountersAreListedWithSinceWhenAndSortFirst() {
        String other = "0x0002c903003178f1";
        fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 100L)));
        fabric.apply(oneHostPort("h2", 1, T0, other, Map.of("SymbolErrorCounter", 100L)));
        fabric.apply(oneHostPort("h1", 2, T0.plusSeconds(10), GUID, Map.of("SymbolErrorCounter", 65_535L)));
        fabric.apply(oneHostPort("h2", 2, T0.plusSeconds(10), other, Map.of("SymbolErrorCounter", 900L)));

        List<PortView> ports = fabric.ports();
        assertThat(ports.getFirst().nodeGuid()).isEqualTo(GUID);
        assertThat(ports.getFirst().saturated()).containsEntry("SymbolErrorCounter", T0.plusSeconds(10));
        assertThat(ports.getFirst().rates()).doesNotContainKey("SymbolErrorCounter");
        assertThat(ports.get(1).rates()).containsEntry("SymbolErrorCounter", 80.0);
    }

    @Test
    void nodesAreNamedByDescriptionElseGuidSwitchesFirst() {
        NodeReport sw = new NodeReport("0x0002c90200410d02", null, NodeType.SWITCH, "  ", null, null, null,
                List.of(activePort(1, Map.of()), activePort(2, Map.of())));
        fabric.apply(batch("h1", 1, T0, hca(GUID, "alpha HCA-1", activePort(1, Map.of())), sw));

        List<NodeView> nodes = fabric.nodes();

        assertThat(nodes).extracting(NodeView::name).containsExactly("0x0002c90200410d02", "alpha HCA-1");
        assertThat(nodes).extracting(NodeView::portCount).containsExactly(2, 1);
        assertThat(nodes.get(1).lastSeen()).isEqualTo(T0);
    }

    @Test
    void aLaterReportWithoutADescriptionKeepsTheKnownOne() {
        fabric.apply(batch("h1", 1, T0, hca(GUID, "alpha HCA-1", activePort(1, Map.of()))));
        fabric.apply(batch("h2", 1, T0.plusSeconds(5),
                new NodeReport(GUID, null, NodeType.CA, null, null, null, null, List.of(activePort(1, Map.of())))));

        NodeView node = fabric.nodes().getFirst();
        assertThat(node.name()).isEqualTo("alpha HCA-1");
        assertThat(node.hcaType()).isEqualTo("MT4123");
        assertThat(node.lastSeen()).isEqualTo(T0.plusSeconds(5));
    }

    @Test
    void updatesAnnounceTheChangedPortsOfEachBatch() {
        StepVerifier.create(fabric.updates().take(1))
                .then(() -> fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 1L))))
                .assertNext(update -> {
                    assertThat(update.agentId()).isEqualTo("h1");
                    assertThat(update.at()).isEqualTo(T0);
                    assertThat(update.ports()).extracting(PortView::nodeGuid).containsExactly(GUID);
                    assertThat(update.ports().getFirst().state()).isEqualTo(PortState.ACTIVE);
                })
                .verifyComplete();
    }

    @Test
    void ingestDoesNotWaitForASubscriberThatRequestsNothing() {
        StepVerifier.create(fabric.updates(), 0)
                .then(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        fabric.apply(oneHostPort("h1", i, T0.plusSeconds(i), GUID, Map.of("SymbolErrorCounter", (long) i)));
                    }
                })
                .thenRequest(1)
                .assertNext(update -> assertThat(update.at()).isEqualTo(T0.plusSeconds(999)))
                .thenCancel()
                .verify();
    }

    @Test
    void sixtyFourBitCountersAboveLongMaxAreWrittenUnsigned() {
        fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("PortXmitData", -2L)));

        String json = JsonMapper.builder().build().writeValueAsString(fabric.ports().getFirst());

        assertThat(json).contains("\"PortXmitData\":18446744073709551614");
    }

    @Test
    void resetListenersHearWhichCountersWentDownAndBetweenWhichSamples() {
        List<CounterReset> heard = new java.util.ArrayList<>();
        LiveFabric told = liveFabric().resetListeners(heard::add).build();
        told.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 100L, "PortXmitDiscards", 5L)));
        told.apply(oneHostPort("h1", 2, T0.plusSeconds(10), GUID, Map.of("SymbolErrorCounter", 120L, "PortXmitDiscards", 9L)));
        assertThat(heard).as("counters that only rise").isEmpty();

        told.apply(oneHostPort("h1", 3, T0.plusSeconds(20), GUID, Map.of("SymbolErrorCounter", 0L, "PortXmitDiscards", 9L)));

        assertThat(heard).containsExactly(new CounterReset(GUID, 1, List.of(PortCounter.SymbolErrorCounter),
                T0.plusSeconds(10), T0.plusSeconds(20), "h1"));
    }

    @Test
    void aFailingResetListenerDoesNotFailTheBatch() {
        LiveFabric told = liveFabric().resetListeners(reset -> {
            throw new IllegalStateException("listener bug");
        }).build();
        told.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 100L)));

        FabricUpdate update = told.apply(oneHostPort("h1", 2, T0.plusSeconds(10), GUID, Map.of("SymbolErrorCounter", 1L)));

        assertThat(update.ports()).singleElement().satisfies(port ->
                assertThat(port.counters()).containsEntry("SymbolErrorCounter", 1L));
    }

    @Test
    void aMappedNameWinsOverTheDescriptionInNodesAndPortsAsSoonAsItIsMapped() {
        Map<String, String> names = new java.util.concurrent.ConcurrentHashMap<>();
        LiveFabric named = liveFabric().names(names::get).build();
        named.apply(oneHostPort("h1", 1, T0, GUID, Map.of()));
        assertThat(named.nodes().getFirst().name()).isEqualTo("h1 HCA-1");

        names.put(GUID, "rack 12 node 3");

        assertThat(named.nodes().getFirst().name()).isEqualTo("rack 12 node 3");
        assertThat(named.ports().getFirst().nodeName()).isEqualTo("rack 12 node 3");
        assertThat(named.nodes().getFirst().description()).isEqualTo("h1 HCA-1");
    }
}
