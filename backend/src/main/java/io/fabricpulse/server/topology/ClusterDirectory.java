package io.fabricpulse.server.topology;

import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import io.fabricpulse.server.topology.store.ClusterMemberRow;
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
 * The cluster groups in force, in memory and kept equal to the {@code cluster_member} table: loaded at
 * start, replaced after each fabrics.conf import and on the alert engine's reconciles (which also bring
 * in another replica's import). The one place that says which nodes a cluster has: the API's and the
 * pages' {@code ?cluster=} filters, and alerting's per-cluster rule settings and silences, which ask
 * per ingested port and so read a map, never the database.
 */
@Component
public class ClusterDirectory {

    /**
     * @param members     cluster name to its node GUIDs
     * @param clustersOf  node GUID to the clusters it is in, sorted
     */
    private record Groups(Map<String, Set<String>> members, Map<String, List<String>> clustersOf) {

        static Groups of(List<ClusterMemberRow> rows) {
            Map<String, Set<String>> members = new TreeMap<>(rows.stream().collect(Collectors.groupingBy(
                    ClusterMemberRow::cluster, Collectors.mapping(ClusterMemberRow::nodeGuid, Collectors.toUnmodifiableSet()))));
            Map<String, List<String>> clustersOf = rows.stream().collect(Collectors.groupingBy(ClusterMemberRow::nodeGuid,
                    Collectors.mapping(ClusterMemberRow::cluster, Collectors.collectingAndThen(
                            Collectors.toCollection(TreeSet::new), List::copyOf))));
            return new Groups(Map.copyOf(members), Map.copyOf(clustersOf));
        }
    }

    private final ClusterMemberRepository repository;
    private volatile Groups groups = Groups.of(List.of());

    public ClusterDirectory(ClusterMemberRepository repository) {
        this.repository = repository;
    }

    /** The GUIDs of a cluster's nodes; empty when there is no such cluster. */
    public Optional<Set<String>> members(String cluster) {
        return Optional.ofNullable(groups.members().get(cluster));
    }

    /** Every cluster's name, sorted. */
    public Set<String> names() {
        return new TreeSet<>(groups.members().keySet());
    }

    /** The clusters a node is in, sorted. */
    public List<String> clustersOf(String nodeGuid) {
        return nodeGuid == null ? List.of() : groups.clustersOf().getOrDefault(nodeGuid, List.of());
    }

    /**
     * The one cluster a node counts for in alerting (per-cluster rule settings, silences, the alert's
     * cluster field): the first by name when it is in several (a cluster and its super-cluster), null
     * when it is in none.
     */
    public String clusterOf(String nodeGuid) {
        List<String> clusters = clustersOf(nodeGuid);
        return clusters.isEmpty() ? null : clusters.getFirst();
    }

    /** Reads the table again; the groups in memory change only when the read succeeded. */
    public Mono<Integer> reload() {
        return repository.all().collectList().map(rows -> {
            groups = Groups.of(rows);
            return rows.size();
        });
    }
}
