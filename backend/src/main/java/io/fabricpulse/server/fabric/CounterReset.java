package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.PortCounter;

import java.time.Instant;
import java.util.List;

/**
 * Counters of one port went down between two samples: someone cleared them (ibclearcounters, the
 * SM's performance manager, perfquery -R) or the port or node was reset. The rate engine reports no
 * rate for that interval; this says when and which counters, for the port's history.
 *
 * @param nodeGuid         the port's node
 * @param portNumber       the port
 * @param counters         the counters that went down, in {@link PortCounter} order
 * @param previousSampleAt the last sample before the clear: it happened after this
 * @param at               the first sample after the clear: it happened at or before this
 * @param agentId          the agent whose sample showed it
 */
public record CounterReset(String nodeGuid, int portNumber, List<PortCounter> counters, Instant previousSampleAt,
                           Instant at, String agentId) {

    public CounterReset {
        counters = List.copyOf(counters);
    }
}
