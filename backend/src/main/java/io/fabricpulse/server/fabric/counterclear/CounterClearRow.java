package io.fabricpulse.server.fabric.counterclear;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.CounterReset;

import java.time.Instant;
import java.util.List;

/**
 * One clear or reset of a port's counters, as the {@code counter_clear} table has it.
 *
 * @param id               assigned by the database; 0 before the row is stored
 * @param nodeGuid         the port's node, canonical ({@code 0x} and 16 hex digits)
 * @param portNumber       the port, 0 (switch management port) to 255
 * @param counters         the counters cleared, in {@link PortCounter} order, at least one
 * @param clearedAt        when it was seen (detected: the first sample after it) or done (requested)
 * @param previousSampleAt detected: the last sample before it, so the clear lies in between; else null
 * @param source           detected by the rate engine or requested by someone
 * @param actor            detected: {@code agent:<id>} of the reporting agent; requested: who asked
 * @param reason           requested: why they asked; detected: null
 * @param countersBefore   requested: the counters as the agent read them just before the clear
 *                         ({@code Name=value}, space-separated); detected: null
 */
public record CounterClearRow(long id, String nodeGuid, int portNumber, List<PortCounter> counters, Instant clearedAt,
                              Instant previousSampleAt, CounterClearSource source, String actor, String reason,
                              String countersBefore) {

    static final int MAX_ACTOR = 200;
    public static final int MAX_REASON = 500;
    public static final int MAX_COUNTERS_BEFORE = 4000;

    public CounterClearRow {
        if (!Guids.isCanonical(nodeGuid)) {
            throw new IllegalArgumentException("counter clear: node GUID '" + nodeGuid
                    + "' is not 0x and 16 lower-case hex digits");
        }
        if (portNumber < 0 || portNumber > 255) {
            throw new IllegalArgumentException("counter clear: port " + portNumber + " is not within 0..255");
        }
        if (counters == null || counters.isEmpty()) {
            throw new IllegalArgumentException("counter clear: no counters");
        }
        counters = counters.stream().distinct().sorted().toList();
        if (clearedAt == null || source == null) {
            throw new IllegalArgumentException("counter clear: clearedAt and source are required");
        }
        if (actor == null || actor.isBlank() || actor.length() > MAX_ACTOR) {
            throw new IllegalArgumentException("counter clear: actor must be 1 to " + MAX_ACTOR + " characters");
        }
        if (reason != null && reason.length() > MAX_REASON) {
            throw new IllegalArgumentException("counter clear: reason longer than " + MAX_REASON + " characters");
        }
        if (countersBefore != null && countersBefore.length() > MAX_COUNTERS_BEFORE) {
            throw new IllegalArgumentException("counter clear: counters before longer than " + MAX_COUNTERS_BEFORE
                    + " characters");
        }
    }

    /** A row without a reason or the counters before: what the rate engine detects. */
    public CounterClearRow(long id, String nodeGuid, int portNumber, List<PortCounter> counters, Instant clearedAt,
                           Instant previousSampleAt, CounterClearSource source, String actor) {
        this(id, nodeGuid, portNumber, counters, clearedAt, previousSampleAt, source, actor, null, null);
    }

    /** The row for a clear the rate engine detected, not stored yet. */
    public static CounterClearRow detected(CounterReset reset) {
        return new CounterClearRow(0, reset.nodeGuid(), reset.portNumber(), reset.counters(), reset.at(),
                reset.previousSampleAt(), CounterClearSource.DETECTED, "agent:" + reset.agentId(), null, null);
    }

    /** The row for a clear someone asked for and an agent did, not stored yet. */
    public static CounterClearRow requested(String nodeGuid, int portNumber, List<PortCounter> counters,
                                            Instant clearedAt, String actor, String reason, String countersBefore) {
        return new CounterClearRow(0, nodeGuid, portNumber, counters, clearedAt, null, CounterClearSource.REQUESTED,
                actor, reason, countersBefore);
    }
}
