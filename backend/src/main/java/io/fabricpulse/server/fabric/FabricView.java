package io.fabricpulse.server.fabric;

import reactor.core.publisher.Flux;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** Read side of the live fabric state. Implementations are thread-safe; results are snapshots. */
public interface FabricView extends PortLookup {

    /** All known nodes, switches first, then by name. */
    List<NodeView> nodes();

    /** All known ports, worst first ({@link PortView#WORST_FIRST}). */
    List<PortView> ports();

    /**
     * The known ports {@code which} accepts, in no particular order: for readers that pick some ports or index them
     * (ordering 50,000 ports worst first costs more than reading them).
     */
    List<PortView> ports(Predicate<? super PortView> which);

    /**
     * One port, empty when unknown; {@code nodeGuid} canonical ({@code 0x} + 16 lower-case hex digits).
     * Implementations that index their ports answer without the scan of this default.
     */
    @Override
    default Optional<PortView> port(String nodeGuid, int portNumber) {
        return ports().stream().filter(p -> p.nodeGuid().equals(nodeGuid) && p.portNumber() == portNumber).findFirst();
    }

    /**
     * A hot stream that emits once per ingested batch that changed something, with the ports it
     * touched. Subscribers that fall behind lose intermediate updates (latest wins), never block ingest.
     */
    Flux<FabricUpdate> updates();
}
