package io.fabricpulse.server.sweeps;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Splits the switches among the live agents, balanced by port count: the heaviest switch first, each to the
 * agent that reaches it with the fewest ports so far (ties: the lower agent id). A pure function of its inputs,
 * so every replica that reads the same rows computes the same split.
 *
 * <p>While the members stay the same, a switch keeps its agent (a new switch, or one whose agent no longer reaches
 * it, goes to the least loaded); when an agent leaves or joins, the split is made afresh, balanced again.
 */
final class ShardBalancer {

    private ShardBalancer() {
    }

    /**
     * @param previous the split in force
     * @param live     the live agents, sorted
     * @param reach    per switch GUID, the live agents whose walk reached it
     * @param weight   per switch GUID, its ports with counters (at least 1 counts)
     * @return each switch's agent
     */
    static SortedMap<String, String> split(SweepPlan previous, List<String> live, Map<String, Set<String>> reach,
                                           Map<String, Integer> weight) {
        Map<String, Long> load = new HashMap<>();
        live.forEach(agent -> load.put(agent, 0L));
        SortedMap<String, String> assignment = new TreeMap<>();
        boolean keep = previous.members().equals(live);
        List<String> switches = reach.keySet().stream()
                .sorted(Comparator.comparingInt((String guid) -> weightOf(weight, guid)).reversed()
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
        if (keep) {
            for (String guid : switches) {
                String owner = previous.assignment().get(guid);
                if (owner != null && reach.get(guid).contains(owner)) {
                    assignment.put(guid, owner);
                    load.merge(owner, (long) weightOf(weight, guid), Long::sum);
                }
            }
        }
        for (String guid : switches) {
            if (assignment.containsKey(guid)) {
                continue;
            }
            String best = null;
            for (String agent : live) {
                if (reach.get(guid).contains(agent) && (best == null || load.get(agent) < load.get(best))) {
                    best = agent;
                }
            }
            if (best != null) {
                assignment.put(guid, best);
                load.merge(best, (long) weightOf(weight, guid), Long::sum);
            }
        }
        return assignment;
    }

    private static int weightOf(Map<String, Integer> weight, String guid) {
        return Math.max(1, weight.getOrDefault(guid, 1));
    }
}
