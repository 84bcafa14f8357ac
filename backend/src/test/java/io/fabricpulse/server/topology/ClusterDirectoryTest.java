package io.fabricpulse.server.topology;

import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import io.fabricpulse.server.topology.store.ClusterMemberRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The one cluster lookup over a real state store: the filters' groups and alerting's one cluster per node. */
class ClusterDirectoryTest {

    private static final String A = "0x0000000000000a01";
    private static final String B = "0x0000000000000b01";

    private final StateDatabase db = StateDatabase.h2();
    private final ClusterMemberRepository table = new ClusterMemberRepository(db.client(), db.transaction());
    private final ClusterDirectory clusters = new ClusterDirectory(table);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aNodeInSeveralClustersCountsForTheFirstByNameInAlertingAndForAllInTheFilters() {
        table.replaceAll(List.of(new ClusterMemberRow("pod-b", A), new ClusterMemberRow("all", A),
                new ClusterMemberRow("pod-b", B))).block();
        assertThat(clusters.clusterOf(A)).as("not loaded yet").isNull();

        assertThat(clusters.reload().block()).isEqualTo(3);

        assertThat(clusters.clusterOf(A)).isEqualTo("all");
        assertThat(clusters.clusterOf(B)).isEqualTo("pod-b");
        assertThat(clusters.clusterOf("0x00000000000000ff")).isNull();
        assertThat(clusters.clusterOf(null)).isNull();
        assertThat(clusters.clustersOf(A)).containsExactly("all", "pod-b");
        assertThat(clusters.members("pod-b")).contains(Set.of(A, B));
        assertThat(clusters.members("nowhere")).isEmpty();
        assertThat(clusters.names()).containsExactly("all", "pod-b");
    }

    @Test
    void aReloadReplacesTheGroupsWhole() {
        table.replaceAll(List.of(new ClusterMemberRow("old", A))).block();
        clusters.reload().block();
        table.replaceAll(List.of(new ClusterMemberRow("new", B))).block();
        clusters.reload().block();

        assertThat(clusters.names()).containsExactly("new");
        assertThat(clusters.clusterOf(A)).isNull();
        assertThat(clusters.clustersOf(B)).containsExactly("new");
    }
}
