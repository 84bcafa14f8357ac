package io.fabricpulse.server.history;

import io.fabricpulse.server.topology.CableHistory;
import io.fabricpulse.server.topology.TopologyChanges;
import org.springframework.stereotype.Component;

import java.time.Instant;

/** The topology at a past instant from today's and the cable history, both in memory: no store is asked. */
@Component
public class PastTopologies {

    private final TopologyChanges topology;
    private final CableHistory cables;

    PastTopologies(TopologyChanges topology, CableHistory cables) {
        this.topology = topology;
        this.cables = cables;
    }

    public PastTopology at(Instant at) {
        return PastTopology.rebuild(at, topology.current(), cables.snapshot(), topology::lastKnown);
    }
}
