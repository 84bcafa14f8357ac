package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * When each agent last sent something and how often it usually does (a moving average of the gaps
 * between its batches, so no agent has to tell its interval). Silent means: nothing for 'threshold'
 * usual intervals and at least 'window'. An agent needs two batches before it can be silent. Not
 * thread-safe: the engine calls it under its lock.
 */
final class AgentWatch {

    /** Weight of the newest gap in the moving average. */
    private static final double SMOOTHING = 0.3;

    private final Map<String, Agent> agents = new HashMap<>();

    private static final class Agent {
        Instant last;
        double intervalSeconds = Double.NaN;
        AlertEnd host;
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

    /**
     * Tells {@code silent} about each silent agent with the finding, and {@code heard} about each
     * agent that is not.
     */
    void check(Instant now, RuleSettings settings, BiConsumer<String, AgentSilence> silent,
               BiConsumer<String, AgentSilence> heard) {
        agents.forEach((id, agent) -> {
            if (Double.isNaN(agent.intervalSeconds)) {
                return;
            }
            double quiet = Duration.between(agent.last, now).toNanos() / 1e9;
            double limit = Math.max(settings.threshold() * agent.intervalSeconds, settings.window().toSeconds());
            AgentSilence silence = new AgentSilence(new Finding("batches", quiet, limit, "s",
                    String.format(java.util.Locale.ROOT, "agent %s sent nothing for %.0f s (usually every %.1f s, "
                            + "limit %.0f s)", id, quiet, agent.intervalSeconds, limit)),
                    agent.host == null ? List.of() : List.of(agent.host));
            (quiet > limit ? silent : heard).accept(id, silence);
        });
    }

    record AgentSilence(Finding finding, List<AlertEnd> ends) {
    }
}
