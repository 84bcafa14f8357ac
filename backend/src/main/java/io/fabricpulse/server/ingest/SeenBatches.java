package io.fabricpulse.server.ingest;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Idempotency by agent id + sequence: remembers the last {@code window} sequence numbers of every
 * agent (a fixed ring per agent, so memory is bounded per agent) with the batch's collection time.
 *
 * <ul>
 *   <li>same agent, sequence and collection time as a remembered batch: a replay (the agent's spool,
 *       a retry after a lost answer) - acknowledged, not applied again;</li>
 *   <li>a remembered sequence with a <em>different</em> collection time is not a replay but a new
 *       batch from an agent whose counter started over (restart without its state): applied, so its
 *       data is not lost;</li>
 *   <li>a sequence older than the window is applied; the live fabric ignores port samples that are
 *       not newer than what it has, so a very late replay cannot distort rates.</li>
 * </ul>
 * The window lives in memory: after a server restart replays are applied once more, with the same
 * protection from the live fabric. One window per agent the {@link BatchAdmission} let in, which bounds
 * how many agents there are; an agent that is revoked or went away is {@link #forget forgotten}.
 */
public final class SeenBatches {

    private final int window;
    private final Map<String, AgentWindow> agents = new ConcurrentHashMap<>();

    public SeenBatches(int window) {
        this.window = window;
    }

    /**
     * Claims a batch for applying.
     *
     * @return true when the caller must apply it; false for a replay of a batch claimed before
     */
    public boolean claim(String agentId, long sequence, Instant collectedAt) {
        return agents.computeIfAbsent(agentId, id -> new AgentWindow(window)).claim(sequence, collectedAt);
    }

    /** Forgets the agent's window: it was revoked, or has not been heard of for long. */
    public void forget(String agentId) {
        agents.remove(agentId);
    }

    /** How many agents have a window: what the {@code fabricpulse.ingest.replay.windows} gauge shows. */
    public int size() {
        return agents.size();
    }

    /** Forgets a claim whose batch could not be applied, so a retry of it is applied. */
    public void release(String agentId, long sequence, Instant collectedAt) {
        AgentWindow agent = agents.get(agentId);
        if (agent != null) {
            agent.release(sequence, collectedAt);
        }
    }

    /** A ring of the latest claims of one agent; a linear scan of a few hundred longs is cheaper than hashing. */
    private static final class AgentWindow {

        private final long[] sequences;
        private final Instant[] collectedAts;
        private int next;

        AgentWindow(int size) {
            sequences = new long[size];
            collectedAts = new Instant[size];
        }

        synchronized boolean claim(long sequence, Instant collectedAt) {
            int slot = find(sequence);
            if (slot >= 0 && collectedAts[slot].equals(collectedAt)) {
                return false;
            }
            if (slot < 0) {
                slot = next;
                next = (next + 1) % sequences.length;
            }
            sequences[slot] = sequence;
            collectedAts[slot] = collectedAt;
            return true;
        }

        synchronized void release(long sequence, Instant collectedAt) {
            int slot = find(sequence);
            if (slot >= 0 && collectedAts[slot].equals(collectedAt)) {
                collectedAts[slot] = null;
            }
        }

        private int find(long sequence) {
            for (int i = 0; i < sequences.length; i++) {
                if (collectedAts[i] != null && sequences[i] == sequence) {
                    return i;
                }
            }
            return -1;
        }
    }
}
