package io.fabricpulse.server.topology;

import io.fabricpulse.server.fabric.NodeNames;
import io.fabricpulse.server.topology.store.NodeNameRepository;
import io.fabricpulse.server.topology.store.NodeNameRow;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

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

    /** How many stored names each source gave (node-name-map, ibnetdiscover), by source name. */
    public Mono<Map<String, Long>> countBySource() {
        return repository.all().collect(Collectors.groupingBy(NodeNameRow::source, TreeMap::new, Collectors.counting()));
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
