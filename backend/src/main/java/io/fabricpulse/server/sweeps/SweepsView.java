package io.fabricpulse.server.sweeps;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /api/v1/sweeps}: the discover agents and which switches each sweeps.
 *
 * @param version  the split's version (0: never split)
 * @param madeAt   when the split in force was made; null while none is (every agent sweeps all it walked)
 * @param sharded  whether the switches are split (two or more live agents)
 * @param agents   every discover agent the store knows, live or silent
 * @param switches each switch's agent in the split in force, by GUID
 */
record SweepsView(long version, @JsonInclude(JsonInclude.Include.NON_NULL) Instant madeAt, boolean sharded,
                  List<Agent> agents, List<Shard> switches) {

    /**
     * @param live       counts in the split: not gone, heard within {@code silent-intervals} of its interval, and
     *                   (after it had left) heard steadily for {@code rejoin-intervals}
     * @param inSplit    whether the split in force includes it (a returning agent sweeps all until the next split)
     * @param switches   how many switches it sweeps in the split
     */
    record Agent(String agentId, boolean live, Instant seenAt, long intervalMs, boolean inSplit, int switches) {
    }

    record Shard(String switchGuid, String agentId) {
    }
}
