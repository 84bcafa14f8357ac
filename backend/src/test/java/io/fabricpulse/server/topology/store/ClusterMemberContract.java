package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Cluster groups: a node in any number of clusters; replaced whole or cluster by cluster. */
public interface ClusterMemberContract extends StateContract {

    String NODE_A = "0x0002c903003178f0";
    String NODE_B = "0x0002c903003178f1";
    String SPINE_NODE = "0x0002c90200410d02";

    private ClusterMemberRepository clusters() {
        return new ClusterMemberRepository(state().client(), state().transaction());
    }

    @Test
    default void replacingAllSetsTheMembershipsAndANodeMayBeInSeveralClusters() {
        clusters().replaceAll(List.of(new ClusterMemberRow("old", NODE_A))).block();

        long count = clusters().replaceAll(List.of(new ClusterMemberRow("gpu", NODE_A),
                new ClusterMemberRow("gpu", NODE_B), new ClusterMemberRow("all", NODE_A),
                new ClusterMemberRow("gpu", NODE_A))).block();

        assertThat(count).as("the repeated row counts once").isEqualTo(3);
        assertThat(clusters().clustersOf(NODE_A).collectList().block()).containsExactly("all", "gpu");
        assertThat(clusters().members("gpu").collectList().block()).containsExactly(NODE_A, NODE_B);
        assertThat(clusters().members("old").collectList().block()).isEmpty();
        assertThat(clusters().all().collectList().block()).containsExactly(new ClusterMemberRow("all", NODE_A),
                new ClusterMemberRow("gpu", NODE_A), new ClusterMemberRow("gpu", NODE_B));
    }

    @Test
    default void replacingOneClusterLeavesTheOthersAndEmptyRemovesIt() {
        clusters().replaceAll(List.of(new ClusterMemberRow("gpu", NODE_A), new ClusterMemberRow("fabric-a", NODE_A))).block();

        clusters().replaceCluster("gpu", List.of(NODE_B, SPINE_NODE, NODE_B)).block();
        assertThat(clusters().members("gpu").collectList().block()).containsExactly(SPINE_NODE, NODE_B);
        assertThat(clusters().members("fabric-a").collectList().block()).containsExactly(NODE_A);

        clusters().replaceCluster("gpu", List.of()).block();
        assertThat(clusters().clustersOf(NODE_B).collectList().block()).isEmpty();
    }

    @Test
    default void aBadGuidRefusesTheWholeReplacement() {
        clusters().replaceAll(List.of(new ClusterMemberRow("gpu", NODE_A))).block();

        assertThatThrownBy(() -> clusters().replaceCluster("gpu", List.of(NODE_B, "0xZZ")).block())
                .hasMessageContaining("cluster 'gpu': GUID '0xZZ'");

        assertThat(clusters().members("gpu").collectList().block()).containsExactly(NODE_A);
    }
}
