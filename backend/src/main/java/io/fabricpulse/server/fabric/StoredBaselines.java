package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.CounterWidth;

import java.time.Instant;
import java.util.Map;

/**
 * The last sample of each port as the durable state store knows it, which may be newer than this
 * server's memory: after a restart memory is empty, and with several replicas another one may have
 * taken the agent's latest batch. {@link LiveFabric#apply(io.fabricpulse.model.ingest.IngestBatch,
 * StoredBaselines)} resumes a port from here when the stored sample is newer than its own, so the
 * rate of the next sample is the true delta: neither missing nor a spike over two intervals.
 *
 * <p>Looked up inside the live fabric's per-port update: implementations answer from memory
 * (the ingest pipeline loads what a batch needs before applying it), never from the database.
 */
@FunctionalInterface
public interface StoredBaselines {

    /** Nothing stored: memory is the only baseline. */
    StoredBaselines NONE = (nodeGuid, portNumber) -> null;

    /** The stored last sample of the port, or null when none is known. */
    Sample find(String nodeGuid, int portNumber);

    /**
     * A port's last accepted sample.
     *
     * @param counters       raw values by IBA name (unsigned; above {@link Long#MAX_VALUE} negative)
     * @param width          which counters were 64-bit
     * @param at             collection time of the sample
     * @param saturatedSince counters latched at their maximum, by IBA name, with since when
     */
    record Sample(Map<String, Long> counters, CounterWidth width, Instant at, Map<String, Instant> saturatedSince) {

        public Sample {
            counters = Map.copyOf(counters);
            saturatedSince = Map.copyOf(saturatedSince);
        }
    }
}
