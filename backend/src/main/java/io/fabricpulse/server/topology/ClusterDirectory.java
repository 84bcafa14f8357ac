package io.fabricpulse.server.topology;

import io.fabricpulse.server.state.names.ClusterMemberRepository;
import io.fabricpulse.server.state.names.ClusterMemberRow;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The cluster groups in force, in memory for the {@code ?cluster=} filters and kept equal to the
 * {@code cluster_member} table: loaded at start, replaced after each fabrics.conf import.
 */
@Component
public class ClusterDirectory {

    private final ClusterMemberRepository repository;
    private volatile Map<String, Set<String>> members = Map.of();

    public ClusterDirectory(ClusterMemberRepository repository) {
        this.repository = repository;
    }

    /** The GUIDs of a cluster's nodes; empty when there is no such cluster. */
    public Optional<Set<String>> members(String cluster) {
        return Optional.ofNullable(members.get(cluster));
    }

    /** Every cluster's name, sorted. */
    public Set<String> names() {
        return new TreeSet<>(members.keySet());
    }

    /** The clusters a node is in, sorted. */
    public List<String> clustersOf(String nodeGuid) {
        return members.entrySet().stream().filter(e -> e.getValue().contains(nodeGuid)).map(Map.Entry::getKey)
                .sorted().toList();
    }

    /** Reads the table again; the groups in memory change only when the read succeeded. */
    public Mono<Integer> reload() {
        return repository.all().collectList().map(rows -> {
            Map<String, Set<String>> loaded = new TreeMap<>(rows.stream().collect(Collectors.groupingBy(
                    ClusterMemberRow::cluster, Collectors.mapping(ClusterMemberRow::nodeGuid, Collectors.toUnmodifiableSet()))));
            members = Map.copyOf(loaded);
            return rows.size();
        });
    }
}
