package io.fabricpulse.server.api;

import io.fabricpulse.agent.report.NodeType;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The live fabric as JSON: {@code GET /api/v1/nodes} (switches first, then by name) and
 * {@code GET /api/v1/ports} (worst first, see {@link PortView#WORST_FIRST}).
 */
@RestController
@RequestMapping("/api/v1")
class FabricReadController {

    private final FabricView fabric;

    FabricReadController(FabricView fabric) {
        this.fabric = fabric;
    }

    /** Query: {@code type} (CA, SWITCH, ROUTER), {@code limit}. */
    @GetMapping("/nodes")
    List<NodeView> nodes(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("type", "limit"));
        NodeType type = query.oneOf("type", NodeType.class);
        Integer limit = query.limit();
        query.throwIfInvalid();
        return limited(fabric.nodes().stream().filter(n -> type == null || n.type() == type), limit);
    }

    /** Query: {@code nodeGuid} (any spelling of a GUID), {@code limit}. */
    @GetMapping("/ports")
    List<PortView> ports(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("nodeGuid", "limit"));
        String nodeGuid = query.guid("nodeGuid");
        Integer limit = query.limit();
        query.throwIfInvalid();
        return limited(fabric.ports().stream().filter(p -> nodeGuid == null || p.nodeGuid().equals(nodeGuid)), limit);
    }

    private static <T> List<T> limited(Stream<T> items, Integer limit) {
        return (limit == null ? items : items.limit(limit)).toList();
    }
}
