package io.fabricpulse.server.web.map;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.pipeline.AppliedBatchListener;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.MediaType;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The map's reads: the folded graph, a bundle's and a node's cables, the search; bad questions are 4xx problems. */
class MapGraphApiTest extends ServerTest {

    @Autowired
    private LiveMap live;
    @Autowired
    private LiveFabric fabric;
    @Autowired
    private ObjectProvider<AppliedBatchListener> listeners;
    @Autowired
    @Qualifier("topologyFeed")
    private AppliedBatchListener topologyFeed;

    @Test
    void aHostIsFoundInItsDrawnGroupWithItsCables() {
        String host = TestBatches.randomGuid();
        String name = "maphost" + host.substring(host.length() - 6);
        ingest(TestBatches.json(TestBatches.batch(TestBatches.randomAgentId(), 1, Instant.now().minusSeconds(5),
                TestBatches.hca(host, name + " HCA-1", TestBatches.activePort(1, Map.of()))))).expectStatus().isAccepted();

        read("/api/v1/topology/map").expectStatus().isOk().expectBody()
                .jsonPath("$.summary.nodes").isNumber()
                .jsonPath("$.nodes[?(@.kind == 'HOSTS')]").exists();
        read("/api/v1/topology/map/find?q=" + name).expectStatus().isOk().expectBody()
                .jsonPath("$.guid").isEqualTo(host)
                .jsonPath("$.drawn").isNotEmpty();
    }

    /** One fold for every reader while nothing changes; a batch that changes the fabric is in the very next read. */
    @Test
    void readersShareOneFoldUntilABatchChangesTheFabric() {
        MapFolder.Folded shared = live.now();
        assertThat(live.now()).as("the same fold, not built again").isSameAs(shared);

        String host = TestBatches.randomGuid();
        ingest(TestBatches.json(TestBatches.batch(TestBatches.randomAgentId(), 1, Instant.now().minusSeconds(5),
                TestBatches.hca(host, "sharedfold HCA-1", TestBatches.activePort(1, Map.of()))))).expectStatus().isAccepted();

        read("/api/v1/topology/map/find?q=" + host).expectStatus().isOk().expectBody().jsonPath("$.guid").isEqualTo(host);
        assertThat(live.now()).as("folded anew after the batch").isNotSameAs(shared);
    }

    /**
     * The live fabric announces a batch before the topology takes it: a fold built then has the new counters without
     * the new node or cable, and must not be kept. The map counts the batch again once the topology feed (the
     * pipeline's first listener) has it.
     */
    @Test
    void theMapCountsABatchOnlyAfterTheTopologyTookIt() {
        List<AppliedBatchListener> order = listeners.orderedStream().toList();

        assertThat(order.getFirst()).as("the topology feed first").isSameAs(topologyFeed);
        assertThat(order).as("the map told after it").contains(live);
        live.now();
        String host = TestBatches.randomGuid();
        IngestBatch batch = TestBatches.batch(TestBatches.randomAgentId(), 1, Instant.now().minusSeconds(5),
                TestBatches.hca(host, "orderedfold HCA-1", TestBatches.activePort(1, Map.of())));
        fabric.apply(batch);
        MapFolder.Folded between = live.now();
        order.forEach(listener -> listener.applied(batch, false));

        assertThat(live.now()).as("folded anew once the topology has the batch").isNotSameAs(between);
        read("/api/v1/topology/map/find?q=" + host).expectStatus().isOk().expectBody().jsonPath("$.guid").isEqualTo(host);
    }

    @Test
    void badQuestionsAreProblemsNamingTheParameter() {
        read("/api/v1/topology/map/cables").expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").value(detail -> assertThat(detail.toString()).startsWith("edge: give either edge"));
        read("/api/v1/topology/map/cables?edge=a~b&node=a").expectStatus().isBadRequest();
        read("/api/v1/topology/map/cables?edge=no~such").expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail").isEqualTo("edge: no drawn bundle 'no~such' in the fabric now");
        read("/api/v1/topology/map/cables?node=" + "x".repeat(601)).expectStatus().isBadRequest();
        read("/api/v1/topology/map/find").expectStatus().isBadRequest();
        read("/api/v1/topology/map/find?q=nothing-is-called-this").expectStatus().isNotFound();
        read("/api/v1/topology/map?zoom=2").expectStatus().isBadRequest();
    }
}
