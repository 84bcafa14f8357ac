package io.fabricpulse.server.topology.model;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;

import java.util.Set;

/**
 * One end of a cable with what is known about its port. Unknown values are null (sets: empty): a
 * baseline read from ibnetdiscover text knows no port states, a port seen only as the far end of a
 * cable knows no supported rates.
 *
 * @param end            the port
 * @param lid            its LID (a switch port's is the switch's port 0 LID), 0 when unknown
 * @param state          logical state, null when unknown
 * @param physicalState  physical state, null when unknown
 * @param width          active width, null when unknown
 * @param speed          active speed, null when unknown
 * @param widthSupported widths the port supports, empty when unknown
 * @param speedSupported speeds the port supports, empty when unknown
 */
public record LinkEndState(PortEnd end, int lid, PortState state, PhysicalState physicalState, LinkWidth width,
                           LinkSpeed speed, Set<LinkWidth> widthSupported, Set<LinkSpeed> speedSupported) {

    public LinkEndState {
        widthSupported = widthSupported == null ? Set.of() : Set.copyOf(widthSupported);
        speedSupported = speedSupported == null ? Set.of() : Set.copyOf(speedSupported);
    }

    /** Only the port and what a cable line of a topology file says about it. */
    public static LinkEndState bare(PortEnd end, int lid, LinkWidth width, LinkSpeed speed) {
        return new LinkEndState(end, lid, null, null, width, speed, Set.of(), Set.of());
    }
}
