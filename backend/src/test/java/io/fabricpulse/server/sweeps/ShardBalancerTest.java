package io.fabricpulse.server.sweeps;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class ShardBalancerTest {

    private static final List<String> THREE = List.of("a", "b", "c");

    @Test
    void everySwitchGoesToExactlyOneAgentAndThePortsAreBalanced() {
        Map<String, Set<String>> reach = new HashMap<>();
        Map<String, Integer> weight = new HashMap<>();
        // 18 spines of 36 ports and 36 leaves of 36 (18 cabled down, 18 up): the fat tree's 54 switches.
        for (int i = 0; i < 54; i++) {
            String guid = "0x%016x".formatted(0x1000 + i);
            reach.put(guid, Set.copyOf(THREE));
            weight.put(guid, 36);
        }
        // One odd switch, heavier: it must not pile up on the agent that already has most.
        reach.put("0x0000000000000001", Set.copyOf(THREE));
        weight.put("0x0000000000000001", 100);

        SortedMap<String, String> split = ShardBalancer.split(SweepPlan.NONE, THREE, reach, weight);

        assertThat(split.keySet()).isEqualTo(reach.keySet());
        Map<String, Integer> load = new HashMap<>();
        split.forEach((guid, agent) -> load.merge(agent, weight.get(guid), Integer::sum));
        int total = weight.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(load.keySet()).containsExactlyInAnyOrderElementsOf(THREE);
        // Greedy heaviest-first: no agent is more than one switch's ports (the largest) off the mean.
        load.values().forEach(ports -> assertThat(Math.abs(ports - total / 3.0)).isLessThanOrEqualTo(100));
    }

    @Test
    void aSwitchOnlyOneAgentReachesGoesToThatAgent() {
        Map<String, Set<String>> reach = Map.of("0x01", Set.of("c"), "0x02", Set.of("a", "b", "c"),
                "0x03", Set.of("a", "b", "c"));
        SortedMap<String, String> split = ShardBalancer.split(SweepPlan.NONE, THREE, reach,
                Map.of("0x01", 36, "0x02", 36, "0x03", 36));

        assertThat(split).containsEntry("0x01", "c");
        assertThat(split.get("0x02")).isNotEqualTo("c");
        assertThat(split.get("0x03")).isNotEqualTo("c");
    }

    @Test
    void theSameMembersKeepTheirSwitchesAndANewSwitchGoesToTheLeastLoaded() {
        Map<String, Set<String>> reach = new HashMap<>(Map.of("0x01", Set.of("a", "b"), "0x02", Set.of("a", "b")));
        Map<String, Integer> weight = new HashMap<>(Map.of("0x01", 10, "0x02", 10));
        // The split in force, unbalanced on purpose (as a previous fabric left it): kept while the members stay.
        SweepPlan previous = new SweepPlan(7, List.of("a", "b"), new TreeMap<>(Map.of("0x01", "b", "0x02", "b")),
                Instant.EPOCH);
        reach.put("0x03", Set.of("a", "b"));
        weight.put("0x03", 5);

        SortedMap<String, String> split = ShardBalancer.split(previous, List.of("a", "b"), reach, weight);

        assertThat(split).containsEntry("0x01", "b").containsEntry("0x02", "b").containsEntry("0x03", "a");
    }

    @Test
    void anAgentLeavingOrComingBackSplitsAfreshAndBalanced() {
        Map<String, Set<String>> reach = new HashMap<>();
        Map<String, Integer> weight = new HashMap<>();
        for (int i = 0; i < 6; i++) {
            reach.put("0x0" + i, Set.copyOf(THREE));
            weight.put("0x0" + i, 36);
        }
        SortedMap<String, String> three = ShardBalancer.split(SweepPlan.NONE, THREE, reach, weight);
        SweepPlan inForce = new SweepPlan(1, THREE, three, Instant.EPOCH);

        SortedMap<String, String> two = ShardBalancer.split(inForce, List.of("a", "c"), reach, weight);
        assertThat(two.values()).doesNotContain("b").hasSize(6);
        assertThat(two.values().stream().filter("a"::equals).count()).isEqualTo(3);

        SortedMap<String, String> back = ShardBalancer.split(new SweepPlan(2, List.of("a", "c"), two, Instant.EPOCH),
                THREE, reach, weight);
        assertThat(back).isEqualTo(three);
    }

    @Test
    void theSameInputsGiveTheSameSplitWhicheverReplicaComputesIt() {
        Map<String, Set<String>> reach = new HashMap<>();
        Map<String, Integer> weight = new HashMap<>();
        for (int i = 0; i < 40; i++) {
            reach.put("0x%02x".formatted(i), Set.copyOf(THREE));
            weight.put("0x%02x".formatted(i), 10 + i % 7);
        }
        Map<String, Set<String>> reordered = new TreeMap<>(reach).descendingMap();

        assertThat(ShardBalancer.split(SweepPlan.NONE, THREE, reordered, weight))
                .isEqualTo(ShardBalancer.split(SweepPlan.NONE, THREE, reach, weight));
    }
}
