package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.topology.LineParseException;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.model.topology.TopologyParseException;
import io.fabricpulse.model.topology.TopologyParser;
import io.fabricpulse.model.topology.TopologyWriter;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.topology.imports.FabricsConfParser;
import io.fabricpulse.server.topology.imports.ImportException;
import io.fabricpulse.server.topology.imports.NodeNameMapParser;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.store.BaselineFormat;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import io.fabricpulse.server.topology.store.ClusterMemberRow;
import io.fabricpulse.server.topology.store.NodeNameRepository;
import io.fabricpulse.server.topology.store.NodeNameRow;
import io.fabricpulse.server.topology.store.TopologyBaselineRepository;
import io.fabricpulse.server.topology.store.TopologyBaselineRow;
import io.fabricpulse.server.topology.store.TopologyBaselineSummary;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every write of the topology feature: baselines, node names, clusters. Each parses the whole upload
 * first (a problem is a 400 with the line, and nothing is written), then stores it and its audit entry
 * in one transaction, and only then changes what the server shows. Also says which baseline was saved
 * last, for the settings page.
 */
@Component
public class TopologyImports {

    /** {@code node_name.source} of names from an uploaded node-name-map. */
    static final String NAME_MAP_SOURCE = "node-name-map";
    /** {@code node_name.source} of names taken from an ibnetdiscover dump's node descriptions. */
    static final String DUMP_SOURCE = "ibnetdiscover";

    private final TopologyChanges changes;
    private final TopologyViews views;
    private final TopologyBaselineRepository baselines;
    private final NodeNameRepository names;
    private final ClusterMemberRepository clusters;
    private final AuditLogRepository audit;
    private final TransactionalOperator transaction;
    private final NodeNameDirectory nameDirectory;
    private final ClusterDirectory clusterDirectory;
    private final CableHistory history;
    private final Clock clock;
    private final TopologyJson json = new TopologyJson();

    @SuppressWarnings("java:S107") // one collaborator per table plus the in-memory state they feed
    public TopologyImports(TopologyChanges changes, TopologyViews views, TopologyBaselineRepository baselines,
                           NodeNameRepository names, ClusterMemberRepository clusters, AuditLogRepository audit,
                           TransactionalOperator transaction, NodeNameDirectory nameDirectory,
                           ClusterDirectory clusterDirectory, CableHistory history, Clock clock) {
        this.changes = changes;
        this.views = views;
        this.baselines = baselines;
        this.names = names;
        this.clusters = clusters;
        this.audit = audit;
        this.transaction = transaction;
        this.nameDirectory = nameDirectory;
        this.clusterDirectory = clusterDirectory;
        this.history = history;
        this.clock = clock;
    }

    /** What an import did, for the response. */
    public record Imported(String what, long count, Long baselineId) {
    }

    /** The live topology becomes the baseline. */
    public Mono<Imported> baselineFromLiveView(String actor) {
        return Mono.defer(() -> {
            FabricModel model = changes.current();
            String content = json.write(views.document(model, null, null));
            return saveBaseline(model, BaselineFormat.JSON, content, actor, "from the live view");
        });
    }

    /** An uploaded ibnetdiscover dump or JSON topology becomes the baseline. */
    public Mono<Imported> baselineFromUpload(byte[] body, boolean isJson, String actor) {
        return Mono.defer(() -> {
            FabricModel model;
            String content;
            if (isJson) {
                model = json.read(body);
                content = new String(body, StandardCharsets.UTF_8);
            } else {
                // Stored as the parser understood it, rewritten: comments and odd bytes of the upload
                // (a NUL in a comment line, which PostgreSQL's TEXT refuses) do not reach the store.
                Topology topology = parseDump(body);
                model = TopologyFiles.fromTopology(topology);
                content = TopologyWriter.toText(topology, "baseline uploaded by " + actor);
            }
            return saveBaseline(model, isJson ? BaselineFormat.JSON : BaselineFormat.IBNETDISCOVER, content, actor,
                    "uploaded");
        });
    }

    /** The baseline saved last, without its content; empty when none was ever saved. */
    public Mono<TopologyBaselineSummary> savedBaseline() {
        return baselines.list(1).next();
    }

    /** The baseline stored in {@code row}, read back (at start); a broken row reads as an error. */
    FabricModel decode(TopologyBaselineRow row) {
        byte[] content = row.content().getBytes(StandardCharsets.UTF_8);
        return row.format() == BaselineFormat.JSON ? json.read(content) : TopologyFiles.fromTopology(parseDump(content));
    }

    /** Replaces the names of the node-name-map source by the uploaded map. */
    public Mono<Imported> nodeNameMap(byte[] body, String actor) {
        return Mono.defer(() -> replaceNames(NAME_MAP_SOURCE, parse(() -> NodeNameMapParser.parse(body)), actor));
    }

    /** Takes the node descriptions of an ibnetdiscover dump as names (only the GUIDs and descriptions). */
    public Mono<Imported> namesFromDump(byte[] body, String actor) {
        return Mono.defer(() -> {
            Map<String, String> described = new LinkedHashMap<>();
            for (TopologyNode node : parseDump(body).nodes()) {
                if (node.description().length() > NodeNameMapParser.MAX_NAME) {
                    throw new ProblemException(ProblemType.INVALID_IMPORT, "node " + Guids.format(node.guid())
                            + ": its description is " + node.description().length() + " characters, a name at most "
                            + NodeNameMapParser.MAX_NAME);
                }
                described.put(Guids.format(node.guid()), node.description());
            }
            return replaceNames(DUMP_SOURCE, described, actor);
        });
    }

    /** Replaces all cluster groups by those of the uploaded fabrics.conf. */
    public Mono<Imported> fabricsConf(byte[] body, String actor) {
        return Mono.defer(() -> {
            List<FabricsConfParser.Cluster> parsed = parse(() -> FabricsConfParser.parse(body));
            List<ClusterMemberRow> rows = new ArrayList<>();
            parsed.forEach(c -> c.nodeGuids().forEach(guid -> rows.add(new ClusterMemberRow(c.name(), guid))));
            Instant now = clock.instant();
            return clusters.replaceAll(rows)
                    .then(audit.append(AuditEntry.of(now, actor, "clusters.import", "clusters",
                            parsed.size() + " clusters, " + rows.size() + " memberships")))
                    .as(transaction::transactional)
                    .then(clusterDirectory.reload())
                    .thenReturn(new Imported("clusters", parsed.size(), null));
        });
    }

    private Mono<Imported> replaceNames(String source, Map<String, String> parsed, String actor) {
        Instant now = clock.instant();
        List<NodeNameRow> rows = new ArrayList<>();
        parsed.forEach((guid, name) -> rows.add(new NodeNameRow(guid, name, source, now)));
        return names.replaceSource(source, rows)
                .then(audit.append(AuditEntry.of(now, actor, "node-names.import", "node-names:" + source,
                        rows.size() + " names")))
                .as(transaction::transactional)
                .then(nameDirectory.reload())
                .thenReturn(new Imported("node names", rows.size(), null));
    }

    private Mono<Imported> saveBaseline(FabricModel model, BaselineFormat format, String content, String actor,
                                        String how) {
        Instant now = clock.instant();
        return baselines.save(new TopologyBaselineRow(0, now, actor, format, content))
                .flatMap(row -> audit.append(AuditEntry.of(now, actor, "topology-baseline.save",
                                "topology-baseline:" + row.id(), how + ", " + format + ", " + model.nodes().size()
                                        + " nodes, " + model.links().size() + " links"))
                        .thenReturn(row))
                .as(transaction::transactional)
                .map(row -> {
                    history.replaceWith(model);
                    changes.useBaseline(model);
                    return new Imported("baseline", model.nodes().size(), row.id());
                });
    }

    private static Topology parseDump(byte[] body) {
        return parse(() -> TopologyParser.parse(body));
    }

    @FunctionalInterface
    private interface Parse<T> {
        T run() throws LineParseException;
    }

    /** A parser's line error as the 400 problem, with {@code line} and {@code column} members. */
    private static <T> T parse(Parse<T> parse) {
        try {
            return parse.run();
        } catch (TopologyParseException | ImportException e) {
            Map<String, Object> where = new LinkedHashMap<>();
            where.put("line", e.line());
            if (e.column() > 0) {
                where.put("column", e.column());
            }
            throw new ProblemException(ProblemType.INVALID_IMPORT, e.getMessage(), List.of(), where);
        } catch (LineParseException e) {
            throw new ProblemException(ProblemType.INVALID_IMPORT, e.getMessage());
        }
    }
}
