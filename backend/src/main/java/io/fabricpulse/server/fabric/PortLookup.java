package io.fabricpulse.server.fabric;

import java.util.Optional;

/** Finds a port's latest view: what a reader of one batch asks about the ports at the far ends of its cables. */
@FunctionalInterface
public interface PortLookup {

    /** Knows no port. */
    PortLookup NONE = (nodeGuid, portNumber) -> Optional.empty();

    /** The port's latest view, empty when unknown; {@code nodeGuid} canonical. */
    Optional<PortView> port(String nodeGuid, int portNumber);
}
