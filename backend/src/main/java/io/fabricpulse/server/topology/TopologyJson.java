package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@link TopologyDocument} (the JSON of {@code GET /api/v1/topology}) as a baseline, strictly:
 * broken JSON names its line and column; a value that cannot be part of a topology (a bad GUID, a
 * cable to an unlisted node, a port cabled twice) names its path. Every problem is a 400 problem;
 * nothing else escapes for bad input.
 */
final class TopologyJson {

    private static final int MAX_PORT = 254;

    private final ObjectReader reader;
    private final JsonMapper mapper;

    TopologyJson() {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
        reader = mapper.readerFor(TopologyDocument.class);
    }

    /** The document in JSON, as stored for a baseline. */
    String write(TopologyDocument document) {
        return mapper.writeValueAsString(document);
    }

    FabricModel read(byte[] json) {
        TopologyDocument document;
        try {
            document = reader.readValue(json);
        } catch (JacksonException e) {
            Map<String, Object> where = new LinkedHashMap<>();
            TokenStreamLocation location = e.getLocation();
            String at = "";
            if (location != null && location.getLineNr() > 0) {
                where.put("line", location.getLineNr());
                where.put("column", location.getColumnNr());
                at = " at line " + location.getLineNr() + ", column " + location.getColumnNr();
            }
            String reason = e.getOriginalMessage();
            reason = reason.length() > 300 ? reason.substring(0, 300) + "…" : reason;
            throw new ProblemException(ProblemType.INVALID_IMPORT, "not a topology document" + at + ": " + reason,
                    List.of(), where);
        }
        if (document == null) {
            throw invalid(List.of(new InvalidField("", "JSON null; expected {\"nodes\": [...], \"links\": [...]}")));
        }
        return model(document);
    }

    private static FabricModel model(TopologyDocument document) {
        List<InvalidField> errors = new ArrayList<>();
        Map<String, FabricNode> nodes = new HashMap<>();
        List<TopologyDocument.Node> listed = document.nodes() == null ? List.of() : document.nodes();
        if (document.nodes() == null) {
            errors.add(new InvalidField("nodes", "missing; list the nodes, [] for none"));
        }
        for (int i = 0; i < listed.size(); i++) {
            TopologyDocument.Node node = listed.get(i);
            String path = "nodes[" + i + "]";
            if (node == null || node.guid() == null || !Guids.isCanonical(node.guid())) {
                errors.add(new InvalidField(path + ".guid", "must be 0x and 16 lower-case hex digits"));
            } else if (node.type() == null) {
                errors.add(new InvalidField(path + ".type", "missing; one of CA, SWITCH, ROUTER"));
            } else if (node.numPorts() < 1 || node.numPorts() > 255) {
                errors.add(new InvalidField(path + ".numPorts", "must be 1..255, got " + node.numPorts()));
            } else if (nodes.put(node.guid(), new FabricNode(node.guid(), node.type(), node.description(),
                    node.numPorts())) != null) {
                errors.add(new InvalidField(path + ".guid", "node " + node.guid() + " is listed twice"));
            }
        }
        List<FabricLink> links = new ArrayList<>();
        Set<PortEnd> cabled = new HashSet<>();
        List<TopologyDocument.Link> given = document.links() == null ? List.of() : document.links();
        if (document.links() == null) {
            errors.add(new InvalidField("links", "missing; list the cables, [] for none"));
        }
        for (int i = 0; i < given.size(); i++) {
            TopologyDocument.Link link = given.get(i);
            String path = "links[" + i + "]";
            if (link == null) {
                errors.add(new InvalidField(path, "must be a link object, got null"));
                continue;
            }
            LinkEndState a = end(link, link.a(), path + ".a", nodes, cabled, errors);
            LinkEndState b = end(link, link.b(), path + ".b", nodes, cabled, errors);
            if (a != null && b != null) {
                if (a.end().equals(b.end())) {
                    errors.add(new InvalidField(path, "both ends are " + a.end()));
                } else {
                    links.add(FabricLink.between(a, b));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw invalid(errors);
        }
        return new FabricModel(nodes, links);
    }

    private static LinkEndState end(TopologyDocument.Link link, TopologyDocument.End end, String path,
                                    Map<String, FabricNode> nodes, Set<PortEnd> cabled, List<InvalidField> errors) {
        if (end == null) {
            errors.add(new InvalidField(path, "missing; a cable has two ends"));
            return null;
        }
        FabricNode node = end.nodeGuid() == null ? null : nodes.get(end.nodeGuid());
        if (node == null) {
            errors.add(new InvalidField(path + ".nodeGuid", "'" + end.nodeGuid() + "' is not a listed node"));
            return null;
        }
        if (end.port() < 1 || end.port() > Math.min(MAX_PORT, node.numPorts())) {
            errors.add(new InvalidField(path + ".port", "must be 1.." + Math.min(MAX_PORT, node.numPorts())
                    + " (the node's ports), got " + end.port()));
            return null;
        }
        if (end.lid() < 0 || end.lid() > 0xFFFF) {
            errors.add(new InvalidField(path + ".lid", "must be 0..65535, got " + end.lid()));
            return null;
        }
        if (hasNull(end.widthSupported()) || hasNull(end.speedSupported())) {
            errors.add(new InvalidField(path, "widthSupported and speedSupported must not contain null"));
            return null;
        }
        PortEnd port = new PortEnd(end.nodeGuid(), end.port());
        if (!cabled.add(port)) {
            errors.add(new InvalidField(path, "port " + port + " has two cables"));
            return null;
        }
        return new LinkEndState(port, end.lid(), end.state(), end.physicalState(),
                end.width() != null ? end.width() : link.width(), end.speed() != null ? end.speed() : link.speed(),
                end.widthSupported(), end.speedSupported());
    }

    private static boolean hasNull(Set<?> values) {
        return values != null && values.stream().anyMatch(java.util.Objects::isNull);
    }

    private static ProblemException invalid(List<InvalidField> errors) {
        String detail = errors.size() == 1 ? errors.getFirst().toString()
                : errors.size() + " problems in the topology document, the first: " + errors.getFirst();
        return new ProblemException(ProblemType.INVALID_IMPORT, detail, errors.size() > 100 ? errors.subList(0, 100) : errors,
                Map.of());
    }
}
