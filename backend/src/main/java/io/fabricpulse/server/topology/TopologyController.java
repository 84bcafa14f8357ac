package io.fabricpulse.server.topology;

import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.security.Principal;
import java.util.List;
import java.util.Set;

/**
 * The topology API. Reads: {@code GET /api/v1/topology} (JSON, or ibnetdiscover text with
 * {@code Accept: text/plain} or {@code ?format=ibnetdiscover}), {@code GET /api/v1/links},
 * {@code GET /api/v1/topology/changes}. Writes (an authenticated user; each audited): {@code POST
 * /api/v1/topology/baseline} (the live view), {@code PUT /api/v1/topology/baseline} (an ibnetdiscover
 * dump as text/plain, or the JSON of GET /api/v1/topology), {@code POST /api/v1/names} (a
 * node-name-map, or with {@code ?format=ibnetdiscover} a dump's node descriptions), {@code POST
 * /api/v1/clusters} (fabrics.conf).
 */
@RestController
@RequestMapping("/api/v1")
class TopologyController {

    private static final String IBNETDISCOVER = "ibnetdiscover";
    private static final Set<String> FORMATS = Set.of("json", IBNETDISCOVER);

    private final TopologyViews views;
    private final TopologyChanges changes;
    private final TopologyImports imports;
    private final ClusterDirectory clusters;
    private final int maxImportBytes;

    TopologyController(TopologyViews views, TopologyChanges changes, TopologyImports imports, ClusterDirectory clusters,
                       TopologyProperties properties) {
        this.views = views;
        this.changes = changes;
        this.imports = imports;
        this.clusters = clusters;
        this.maxImportBytes = (int) properties.maxImportSize().toBytes();
    }

    /** Query: {@code cluster} (JSON only), {@code format} ({@code json} or {@code ibnetdiscover}). */
    @GetMapping(path = "/topology", produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.TEXT_PLAIN_VALUE})
    ResponseEntity<?> topology(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("cluster", "format"));
        Set<String> members = members(query);
        String format = query.oneOf("format", FORMATS, "format");
        query.throwIfInvalid();
        boolean text = IBNETDISCOVER.equals(format) || (format == null && wantsText(request));
        if (text) {
            if (members != null) {
                throw new ProblemException(ProblemType.INVALID_QUERY,
                        "cluster: an ibnetdiscover dump is the whole fabric; filter the JSON form instead");
            }
            return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN)
                    .body(views.ibnetdiscover("FabricPulse live topology"));
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(views.document(members));
    }

    /** Query: {@code cluster}: cables with an end in that group. */
    @GetMapping("/links")
    List<TopologyDocument.Link> links(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("cluster"));
        Set<String> members = members(query);
        query.throwIfInvalid();
        return views.document(members).links();
    }

    @GetMapping("/topology/changes")
    List<TopologyChange> changes(ServerHttpRequest request) {
        new ReadQuery(request.getQueryParams(), Set.of()).throwIfInvalid();
        return changes.active();
    }

    @PostMapping("/topology/baseline")
    Mono<ResponseEntity<TopologyImports.Imported>> saveBaseline(Principal user) {
        return imports.baselineFromLiveView(user.getName()).map(TopologyController::created);
    }

    @PutMapping("/topology/baseline")
    Mono<ResponseEntity<TopologyImports.Imported>> putBaseline(ServerHttpRequest request, Principal user) {
        MediaType type = request.getHeaders().getContentType();
        boolean json = type != null && type.isCompatibleWith(MediaType.APPLICATION_JSON);
        return body(request).flatMap(body -> imports.baselineFromUpload(body, json, user.getName()))
                .map(TopologyController::created);
    }

    /** Query: {@code format}: {@code ibnetdiscover} takes the names from a dump's node descriptions. */
    @PostMapping("/names")
    Mono<ResponseEntity<TopologyImports.Imported>> names(ServerHttpRequest request, Principal user) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("format"));
        String format = query.oneOf("format", Set.of("node-name-map", IBNETDISCOVER), "format");
        query.throwIfInvalid();
        return body(request).flatMap(body -> IBNETDISCOVER.equals(format)
                        ? imports.namesFromDump(body, user.getName()) : imports.nodeNameMap(body, user.getName()))
                .map(TopologyController::created);
    }

    @PostMapping("/clusters")
    Mono<ResponseEntity<TopologyImports.Imported>> clusters(ServerHttpRequest request, Principal user) {
        return body(request).flatMap(body -> imports.fabricsConf(body, user.getName())).map(TopologyController::created);
    }

    private Set<String> members(ReadQuery query) {
        String cluster = query.oneOf("cluster", clusters.names(), "cluster");
        return cluster == null ? null : clusters.members(cluster).orElse(Set.of());
    }

    private static boolean wantsText(ServerHttpRequest request) {
        // The first type the client lists decides; */* (curl, browsers' fallbacks) gets JSON.
        List<MediaType> accepted = request.getHeaders().getAccept();
        return !accepted.isEmpty() && !accepted.getFirst().isWildcardType()
                && accepted.getFirst().isCompatibleWith(MediaType.TEXT_PLAIN);
    }

    /** The whole body, refused as 413 beyond {@code max-import-size} without reading further. */
    private Mono<byte[]> body(ServerHttpRequest request) {
        return DataBufferUtils.join(request.getBody(), maxImportBytes)
                .map(TopologyController::bytes)
                .switchIfEmpty(Mono.error(() -> new ProblemException(ProblemType.INVALID_IMPORT, "the body is empty")))
                .onErrorMap(DataBufferLimitException.class, e -> new ProblemException(ProblemType.BODY_TOO_LARGE,
                        "the upload is larger than fabricpulse.topology.max-import-size (" + maxImportBytes + " bytes)"));
    }

    private static byte[] bytes(DataBuffer joined) {
        try (var in = joined.asInputStream(true)) {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // an in-memory buffer: cannot happen
        }
    }

    private static <T> ResponseEntity<T> created(T body) {
        return ResponseEntity.status(HttpStatus.CREATED).body(body);
    }
}
