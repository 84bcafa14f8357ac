package io.fabricpulse.server.sweeps;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One split of the switches among the discover agents, as the state store holds it.
 *
 * @param version    moved on by every new split; the agents take a newer one over an older
 * @param members    the live agents it was made for, sorted
 * @param assignment each switch's agent, by switch GUID
 * @param madeAt     when it was made
 */
record SweepPlan(long version, List<String> members, SortedMap<String, String> assignment, Instant madeAt) {

    static final SweepPlan NONE = new SweepPlan(0, List.of(), new TreeMap<>(), Instant.EPOCH);

    SweepPlan {
        members = List.copyOf(members);
        assignment = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(assignment));
    }

    /** The switches {@code agentId} sweeps, in GUID order. */
    List<String> switchesOf(String agentId) {
        List<String> mine = new ArrayList<>();
        assignment.forEach((guid, agent) -> {
            if (agent.equals(agentId)) {
                mine.add(guid);
            }
        });
        return mine;
    }

    /** Whether this split says the same as {@code other}, whatever the versions. */
    boolean sameSplit(List<String> otherMembers, Map<String, String> otherAssignment) {
        return members.equals(otherMembers) && assignment.equals(otherAssignment);
    }

    String membersText() {
        return String.join("\n", members);
    }

    String assignmentText() {
        StringBuilder text = new StringBuilder();
        assignment.forEach((guid, agent) -> text.append(guid).append('\t').append(agent).append('\n'));
        return text.toString();
    }

    static SweepPlan parse(long version, String members, String assignment, Instant madeAt) {
        List<String> agents = members.isEmpty() ? List.of() : List.of(members.split("\n"));
        SortedMap<String, String> switches = new TreeMap<>();
        for (String line : assignment.split("\n")) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                switches.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return new SweepPlan(version, agents, switches, madeAt);
    }
}
