package io.fabricpulse.server.fabric;

import java.time.Instant;
import java.util.List;

/**
 * What one ingested batch changed.
 *
 * @param at               collection time of the batch
 * @param agentId          agent that sent it
 * @param ports            the ports it touched, with their new values
 * @param judgedElsewhere  another replica stored this batch before this one applied it (a replica catching
 *                         up, or the slower of two live ones): that replica has opened and resolved its
 *                         alerts in the shared state store, so listeners update their windows from it but
 *                         announce nothing of it
 * @param fabric           where the latest views of other ports are found (the far ends of these ports' cables):
 *                         listeners keep no view of their own
 */
public record FabricUpdate(Instant at, String agentId, List<PortView> ports, boolean judgedElsewhere,
                           PortLookup fabric) {

    /** An update this server judges itself, from a source that knows no other port. */
    public FabricUpdate(Instant at, String agentId, List<PortView> ports) {
        this(at, agentId, ports, false, PortLookup.NONE);
    }
}
