package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;

/**
 * When each agent last sent something and how often it usually does (a moving average of the gaps
 * between its batches, so no agent has to tell its interval). Silent means: nothing for 'threshold'
 * usual intervals and at least 'window'. An agent needs two batches before it can be silent.
 * <p>
 * Floods: when agents fall silent, the others that stopped at about the same time (their last batch within
 * 'window' of theirs, and already late by half an interval) are about to follow. When together they are
 * more than {@link Floods#AT_ONCE}, they are one group with one alert ({@code agent:silent-group:<first>+<n>},
 * naming them) that lasts until the last of them is heard again, instead of an alert each. An agent found
 * silent later joins the group when its last batch lies among the members' (give or take 'window'). Not
 * thread-safe: the engine calls it under its lock.
 */
final class AgentWatch {

    /** Weight of the newest gap in the moving average. */
    private static final double SMOOTHING = 0.3;
    static final String GROUP_PREFIX = "silent-group:";

    private final Map<String, Agent> agents = new HashMap<>();
    /** Groups of agents that fell silent together, by their alert's id, with the members still silent. */
    private final Map<String, Set<String>> groups = new LinkedHashMap<>();
    /**
     * When the earliest and the latest member of each group sent their last batch: an agent that stopped within
     * that span (give or take 'window') joins the group, however late it is found silent. Agents that stopped
     * together need not fall silent together: one whose usual interval looks longer is found silent later.
     */
    private final Map<String, StopSpan> groupStopped = new HashMap<>();

    private record StopSpan(Instant first, Instant last) {
        StopSpan with(Instant stop) {
            return new StopSpan(stop.isBefore(first) ? stop : first, stop.isAfter(last) ? stop : last);
        }

        boolean near(Instant stop, Duration window) {
            return !stop.isBefore(first.minus(window)) && !stop.isAfter(last.plus(window));
        }
    }

    private static final class Agent {
        Instant last;
        double intervalSeconds = Double.NaN;
        AlertEnd host;
        boolean silent;
        String group;
        /** Its last batch when it joined a group: a later one means it is heard again. */
        Instant lastWhenGrouped;
    }

    void seen(FabricUpdate update, Instant now) {
        Agent agent = agents.computeIfAbsent(update.agentId(), id -> new Agent());
        if (agent.last != null && now.isAfter(agent.last)) {
            double gap = Duration.between(agent.last, now).toNanos() / 1e9;
            agent.intervalSeconds = Double.isNaN(agent.intervalSeconds) ? gap
                    : SMOOTHING * gap + (1 - SMOOTHING) * agent.intervalSeconds;
        }
        agent.last = now;
        for (PortView port : update.ports()) {
            if (port.nodeType() == NodeType.CA) {
                agent.host = new AlertEnd(port.nodeGuid(), port.nodeName(), NodeType.CA, 0, 0, true);
                break;
            }
        }
    }

    /** Stops watching the agent (it was removed). @return whether it was watched */
    boolean forget(String agentId) {
        Agent agent = agents.remove(agentId);
        if (agent != null && agent.group != null) {
            groups.getOrDefault(agent.group, new TreeSet<>()).remove(agentId);
        }
        return agent != null;
    }

    /**
     * Tells {@code silent} about each silent agent, or group of agents that fell silent together, with the
     * finding, and {@code heard} about each agent and group that is not (any more). The first argument is
     * the id the alert's subject is made of.
     */
    void check(Instant now, RuleSettings settings, BiConsumer<String, AgentSilence> silent,
               BiConsumer<String, AgentSilence> heard) {
        Map<String, AgentSilence> findings = new HashMap<>();
        List<String> fellSilent = new ArrayList<>();
        agents.forEach((id, agent) -> {
            if (Double.isNaN(agent.intervalSeconds)) {
                return;
            }
            double quiet = Duration.between(agent.last, now).toNanos() / 1e9;
            double limit = Math.max(settings.threshold() * agent.intervalSeconds, settings.window().toSeconds());
            AgentSilence silence = new AgentSilence(new Finding("batches", quiet, limit, "s",
                    String.format(Locale.ROOT, "agent %s sent nothing for %.0f s (usually every %.1f s, "
                            + "limit %.0f s)", id, quiet, agent.intervalSeconds, limit)),
                    agent.host == null ? List.of() : List.of(agent.host));
            findings.put(id, silence);
            if (agent.group != null) {
                if (agent.last.isAfter(agent.lastWhenGrouped)) {
                    groups.getOrDefault(agent.group, new TreeSet<>()).remove(id);
                    agent.group = null;
                    agent.silent = false;
                }
                return;
            }
            boolean nowSilent = quiet > limit;
            if (nowSilent && !agent.silent) {
                fellSilent.add(id);
            } else if (!nowSilent) {
                agent.silent = false;
            }
        });
        fellSilent.removeIf(id -> joinedOpenGroup(id, settings.window()));
        if (!fellSilent.isEmpty()) {
            Set<String> together = stoppedWith(fellSilent, now, settings.window());
            if (Floods.isFlood(together.size())) {
                String group = GROUP_PREFIX + together.iterator().next() + "+" + (together.size() - 1);
                groups.put(group, together);
                together.forEach(id -> join(id, group));
            }
        }
        fellSilent.forEach(id -> agents.get(id).silent = true);
        findings.forEach((id, silence) -> {
            Agent agent = agents.get(id);
            if (agent.group == null) {
                (agent.silent ? silent : heard).accept(id, silence);
            }
        });
        groups.entrySet().removeIf(group -> {
            if (group.getValue().isEmpty()) {
                groupStopped.remove(group.getKey());
                heard.accept(group.getKey(), new AgentSilence(new Finding("agents", 0, 0, "agents",
                        "every agent of the group is heard again"), List.of()));
                return true;
            }
            silent.accept(group.getKey(), groupSilence(group.getValue(), findings));
            return false;
        });
    }

    /** Joins an agent that fell silent to a group whose members stopped around when it did (within {@code window}). */
    private boolean joinedOpenGroup(String id, Duration window) {
        Instant last = agents.get(id).last;
        for (Map.Entry<String, StopSpan> open : groupStopped.entrySet()) {
            if (open.getValue().near(last, window)) {
                groups.get(open.getKey()).add(id);
                join(id, open.getKey());
                return true;
            }
        }
        return false;
    }

    private void join(String id, String group) {
        Agent agent = agents.get(id);
        agent.group = group;
        agent.silent = true;
        agent.lastWhenGrouped = agent.last;
        groupStopped.merge(group, new StopSpan(agent.last, agent.last), (span, one) -> span.with(one.last()));
    }

    /** The agents that fell silent now and those that stopped with them and are late already, by id. */
    private Set<String> stoppedWith(List<String> fellSilent, Instant now, Duration window) {
        Instant first = Instant.MAX;
        Instant last = Instant.MIN;
        for (String id : fellSilent) {
            Instant seen = agents.get(id).last;
            first = seen.isBefore(first) ? seen : first;
            last = seen.isAfter(last) ? seen : last;
        }
        Instant from = first.minus(window);
        Instant to = last.plus(window);
        Set<String> together = new TreeSet<>(fellSilent);
        agents.forEach((id, agent) -> {
            if (!agent.silent && agent.group == null && !Double.isNaN(agent.intervalSeconds)
                    && !agent.last.isBefore(from) && !agent.last.isAfter(to)
                    && Duration.between(agent.last, now).toNanos() / 1e9 > 1.5 * agent.intervalSeconds) {
                together.add(id);
            }
        });
        return together;
    }

    private static AgentSilence groupSilence(Set<String> members, Map<String, AgentSilence> findings) {
        List<AlertEnd> hosts = new ArrayList<>();
        double quiet = Double.MAX_VALUE;
        double limit = 0;
        for (String id : members) {
            AgentSilence one = findings.get(id);
            if (one != null) {
                quiet = Math.min(quiet, one.finding().value());
                limit = Math.max(limit, one.finding().threshold());
                if (hosts.size() < Floods.NAMED) {
                    hosts.addAll(one.ends());
                }
            }
        }
        return new AgentSilence(new Finding("agents", members.size(), Floods.AT_ONCE, "agents",
                String.format(Locale.ROOT, "%d agents fell silent together and sent nothing for at least %.0f s "
                        + "(limit %.0f s): %s", members.size(), quiet == Double.MAX_VALUE ? 0 : quiet, limit,
                        Floods.list(List.copyOf(members)))), hosts);
    }

    record AgentSilence(Finding finding, List<AlertEnd> ends) {
    }
}
