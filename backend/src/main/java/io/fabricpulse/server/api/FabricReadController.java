package io.fabricpulse.server.api;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.topology.ClusterDirectory;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The live fabric as JSON: {@code GET /api/v1/nodes} (switches first, then by name) and
 * {@code GET /api/v1/ports} (worst first, see {@link PortView#WORST_FIRST}).
 */
@RestController
@RequestMapping("/api/v1")
class FabricReadController {

    private final FabricView fabric;
    private final ClusterDirectory clusters;

    FabricReadController(FabricView fabric, ClusterDirectory clusters) {
        this.fabric = fabric;
        this.clusters = clusters;
    }

    /** Query: {@code type} (CA, SWITCH, ROUTER), {@code cluster} (a fabrics.conf group), {@code limit}. */
    @GetMapping("/nodes")
    List<NodeView> nodes(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("type", "cluster", "limit"));
        NodeType type = query.oneOf("type", NodeType.class);
        Predicate<String> inCluster = clusterFilter(query);
        Integer limit = query.limit();
        query.throwIfInvalid();
        return limited(fabric.nodes().stream().filter(n -> type == null || n.type() == type)
                .filter(n -> inCluster.test(n.guid())), limit);
    }

    /** Query: {@code nodeGuid} (any spelling of a GUID), {@code cluster} (a fabrics.conf group), {@code limit}. */
    @GetMapping("/ports")
    List<PortView> ports(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("nodeGuid", "cluster", "limit"));
        String nodeGuid = query.guid("nodeGuid");
        Predicate<String> inCluster = clusterFilter(query);
        Integer limit = query.limit();
        query.throwIfInvalid();
        return limited(fabric.ports().stream().filter(p -> nodeGuid == null || p.nodeGuid().equals(nodeGuid))
                .filter(p -> inCluster.test(p.nodeGuid())), limit);
    }

    /** {@code cluster}: only nodes of that group; everything when not given. */
    private Predicate<String> clusterFilter(ReadQuery query) {
        String cluster = query.oneOf("cluster", clusters.names(), "cluster");
        Set<String> members = cluster == null ? null : clusters.members(cluster).orElse(Set.of());
        return guid -> members == null || members.contains(guid);
    }

    private static <T> List<T> limited(Stream<T> items, Integer limit) {
        return (limit == null ? items : items.limit(limit)).toList();
    }
}
