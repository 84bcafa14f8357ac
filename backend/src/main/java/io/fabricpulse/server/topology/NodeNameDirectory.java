package io.fabricpulse.server.topology;

import io.fabricpulse.server.fabric.NodeNames;
import io.fabricpulse.server.state.names.NodeNameRepository;
import io.fabricpulse.server.state.names.NodeNameRow;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.HashMap;
import java.util.Map;

/**
 * The node names in force, held in memory for the views (looked up for every node and port shown)
 * and kept equal to the {@code node_name} table: loaded at start, replaced after each import.
 */
@Component
public class NodeNameDirectory implements NodeNames {

    private final NodeNameRepository repository;
    private volatile Map<String, String> names = Map.of();

    public NodeNameDirectory(NodeNameRepository repository) {
        this.repository = repository;
    }

    @Override
    public String nameOf(String nodeGuid) {
        return names.get(nodeGuid);
    }

    /** Reads the table again; the names in memory change only when the read succeeded. */
    public Mono<Integer> reload() {
        return repository.all().collectMap(NodeNameRow::nodeGuid, NodeNameRow::name, HashMap::new)
                .map(loaded -> {
                    names = Map.copyOf(loaded);
                    return loaded.size();
                });
    }
}
