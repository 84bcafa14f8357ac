package io.fabricpulse.server.fabric;

import reactor.core.publisher.Flux;

import java.util.List;

/** Read side of the live fabric state. Implementations are thread-safe; results are snapshots. */
public interface FabricView {

    /** All known nodes, switches first, then by name. */
    List<NodeView> nodes();

    /** All known ports, worst first ({@link PortView#WORST_FIRST}). */
    List<PortView> ports();

    /**
     * A hot stream that emits once per ingested batch that changed something, with the ports it
     * touched. Subscribers that fall behind lose intermediate updates (latest wins), never block ingest.
     */
    Flux<FabricUpdate> updates();
}
