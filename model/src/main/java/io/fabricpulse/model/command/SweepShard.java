package io.fabricpulse.model.command;

import java.util.List;

/**
 * The switches a discover-role agent sweeps, as it travels in the ingest answer's {@code sweep}: several discover
 * agents on one fabric split its switches, so each switch port is read by one agent per interval. An answer without
 * it means "sweep every switch you walked" (one agent alone, an agent not in the split yet, or an older server).
 *
 * @param version  the split's version in the state store; a newer one replaces an older
 * @param switches the canonical GUIDs of the switches this agent sweeps
 */
public record SweepShard(long version, List<String> switches) {

    public SweepShard {
        switches = List.copyOf(switches);
    }
}
