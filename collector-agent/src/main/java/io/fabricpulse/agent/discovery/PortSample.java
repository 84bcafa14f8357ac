package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.ingest.CounterWidth;

import java.util.Map;

/**
 * One port as one sweep read it.
 *
 * @param target   the port
 * @param portInfo its PortInfo read in this sweep, null when the sweep read counters only
 * @param width    which counters are the 64-bit PortCountersExtended ones
 * @param counters counter values by IBA name, as the ingest schema keys them
 */
public record PortSample(SweepTarget target, PortInfo portInfo, CounterWidth width, Map<String, Long> counters) {

    public PortSample {
        counters = Map.copyOf(counters);
    }
}
