package io.fabricpulse.server.fabric;

import reactor.core.publisher.Flux;

import java.util.List;
import java.util.Optional;

/** Read side of the live fabric state. Implementations are thread-safe; results are snapshots. */
public interface FabricView {

    /** All known nodes, switches first, then by name. */
    List<NodeView> nodes();

    /** All known ports, worst first ({@link PortView#WORST_FIRST}). */
    List<PortView> ports();

    /**
     * One port, empty when unknown; {@code nodeGuid} canonical ({@code 0x} + 16 lower-case hex digits).
     * Implementations that index their ports answer without the scan of this default.
     */
    default Optional<PortView> port(String nodeGuid, int portNumber) {
        return ports().stream().filter(p -> p.nodeGuid().equals(nodeGuid) && p.portNumber() == portNumber).findFirst();
    }

    /**
     * A hot stream that emits once per ingested batch that changed something, with the ports it
     * touched. Subscribers that fall behind lose intermediate updates (latest wins), never block ingest.
     */
    Flux<FabricUpdate> updates();
}
