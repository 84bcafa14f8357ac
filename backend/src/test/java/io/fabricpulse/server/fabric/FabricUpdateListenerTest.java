package io.fabricpulse.server.fabric;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;
import static org.assertj.core.api.Assertions.assertThat;

/** The synchronous listener seam: every applied batch that changed a port, in order; a faulty listener changes nothing. */
class FabricUpdateListenerTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";

    @Test
    void everyChangingBatchIsToldOnceInOrderAndALateOneNot() {
        List<FabricUpdate> told = new ArrayList<>();
        LiveFabric fabric = liveFabric().updateListeners(told::add).build();

        fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 1L)));
        fabric.apply(oneHostPort("h1", 2, T0.plusSeconds(1), GUID, Map.of("SymbolErrorCounter", 2L)));
        fabric.apply(oneHostPort("h1", 3, T0.minusSeconds(5), GUID, Map.of("SymbolErrorCounter", 0L)));

        assertThat(told).extracting(FabricUpdate::at).containsExactly(T0, T0.plusSeconds(1));
        assertThat(told.get(1).ports().getFirst().counters()).containsEntry("SymbolErrorCounter", 2L);
    }

    @Test
    void aFailingListenerNeitherFailsIngestNorStopsTheNextListener() {
        List<FabricUpdate> told = new ArrayList<>();
        FabricUpdateListener broken = update -> {
            throw new IllegalStateException("listener bug");
        };
        LiveFabric fabric = liveFabric().updateListeners(broken, told::add).build();

        FabricUpdate update = fabric.apply(oneHostPort("h1", 1, T0, GUID, Map.of("SymbolErrorCounter", 1L)));

        assertThat(update.ports()).hasSize(1);
        assertThat(told).containsExactly(update);
        assertThat(fabric.ports()).hasSize(1);
    }
}
