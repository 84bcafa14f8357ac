package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeText;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks everything about a batch that its types do not: identities, ranges, counter names and
 * widths, printable names, its size, clock sanity. Works on the records, so a batch built in-process
 * (the demo agent) or read from any wire format gets exactly the checks a batch from JSON gets. What
 * an agent may report at all (its own nodes) is the {@link BatchAdmission}'s question, asked after this.
 */
public final class BatchValidator {

    static final int MAX_PORT_NUMBER = 254;
    static final int MAX_LID = 0xFFFF;
    static final int MAX_TEXT_LENGTH = 256;
    static final Set<String> SOURCES = Set.of("umad", "sysfs", "sim");
    static final Set<String> LINK_LAYERS = Set.of("InfiniBand", "Ethernet");
    private static final Pattern AGENT_ID = Pattern.compile("[A-Za-z0-9._:@-]{1,128}");

    private final Clock clock;
    private final Duration maxClockSkew;
    private final Duration maxSampleAge;
    private final int maxPortsPerBatch;

    /**
     * @param maxClockSkew     how far ahead of the server's clock a collection time may be
     * @param maxSampleAge     how far behind it (a spool replayed after an outage)
     * @param maxPortsPerBatch the most port samples one batch may carry
     */
    public BatchValidator(Clock clock, Duration maxClockSkew, Duration maxSampleAge, int maxPortsPerBatch) {
        this.clock = clock;
        this.maxClockSkew = maxClockSkew;
        this.maxSampleAge = maxSampleAge;
        this.maxPortsPerBatch = maxPortsPerBatch;
    }

    /** @throws InvalidBatchException listing what is wrong, when anything is */
    public void check(IngestBatch batch) {
        Violations violations = new Violations();
        if (batch == null) {
            violations.add("", "the body is JSON null; expected an ingest batch object");
        } else if (batch.schemaVersion() != IngestBatch.SCHEMA_VERSION) {
            // Nothing else is comparable across schema versions, so say only this.
            violations.add("schemaVersion", "unsupported schema version " + batch.schemaVersion()
                    + "; this server accepts " + IngestBatch.SCHEMA_VERSION);
        } else if (!withinSize(batch.nodes(), violations)) {
            // Refused on its size alone: checking a hundred thousand invented ports one by one is the attack's work.
            checkHeader(batch, violations);
        } else {
            checkHeader(batch, violations);
            checkDiscovery(batch.discovery(), violations);
            checkNodes(batch.nodes(), violations);
            DayOneFieldChecks.subnetManagers(batch.subnetManagers(), violations);
        }
        violations.throwIfAny();
    }

    private boolean withinSize(List<NodeReport> nodes, Violations v) {
        if (nodes == null) {
            return true;
        }
        long ports = 0;
        for (NodeReport node : nodes) {
            ports += node == null || node.ports() == null ? 0 : node.ports().size();
        }
        if (ports > maxPortsPerBatch) {
            v.add("nodes", ports + " ports in one batch; at most " + maxPortsPerBatch
                    + " (fabricpulse.ingest.max-ports-per-batch): send smaller batches");
            return false;
        }
        return true;
    }

    private void checkHeader(IngestBatch batch, Violations v) {
        if (batch.agentId() == null || batch.agentId().isBlank()) {
            v.add("agentId", "missing; every batch names its agent");
        } else if (!AGENT_ID.matcher(batch.agentId()).matches()) {
            v.add("agentId", "must be 1 to 128 letters, digits or . _ : @ -");
        }
        if (batch.sequence() < 0) {
            v.add("sequence", "must not be negative, got " + batch.sequence());
        }
        checkTime("collectedAt", batch.collectedAt(), "the collection time of the poll is required", v);
        if (batch.source() == null || !SOURCES.contains(batch.source())) {
            v.add("source", "must be one of " + sorted(SOURCES) + ", got " + quoted(batch.source()));
        }
    }

    /** Optional: only a discover-role agent sends it, on the batch after a walk. */
    private void checkDiscovery(IngestBatch.Discovery discovery, Violations v) {
        if (discovery == null) {
            return;
        }
        checkGuid("discovery", ".fromNodeGuid", discovery.fromNodeGuid(), false, v);
        checkRange("discovery", ".fromPort", discovery.fromPort(), 1, MAX_PORT_NUMBER, v);
        checkTime("discovery.startedAt", discovery.startedAt(), "when the walk started", v);
    }

    /**
     * Present, not further ahead of the server's clock than an agent clock may drift, and not further
     * behind than a spool replays: year 1 and 1970 are a broken clock, not a sample.
     */
    private void checkTime(String path, Instant time, String whatIsMissing, Violations v) {
        Instant now = clock.instant();
        if (time == null) {
            v.add(path, "missing; " + whatIsMissing);
        } else if (time.isAfter(now.plus(maxClockSkew))) {
            v.add(path, time + " is more than " + maxClockSkew + " ahead of the server's clock (" + now
                    + "); check the agent host's time sync");
        } else if (time.isBefore(now.minus(maxSampleAge))) {
            v.add(path, time + " is more than " + maxSampleAge + " behind the server's clock (" + now
                    + "; fabricpulse.ingest.max-sample-age); check the agent host's time sync");
        }
    }

    private void checkNodes(List<NodeReport> nodes, Violations v) {
        if (nodes == null) {
            v.add("nodes", "missing; send an empty list when the poll saw no node");
            return;
        }
        Set<String> guids = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            String path = "nodes[" + i + "]";
            NodeReport node = nodes.get(i);
            if (node == null) {
                v.add(path, "must be a node object, got null");
                continue;
            }
            checkGuid(path, ".guid", node.guid(), false, v);
            if (node.guid() != null && !guids.add(node.guid())) {
                v.add(path + ".guid", "node " + node.guid() + " appears more than once in the batch");
            }
            checkGuid(path, ".systemImageGuid", node.systemImageGuid(), true, v);
            if (node.type() == null) {
                v.add(path + ".type", "missing; one of CA, SWITCH, ROUTER");
            }
            checkText(path + ".description", node.description(), v);
            checkText(path + ".hcaType", node.hcaType(), v);
            checkText(path + ".firmware", node.firmware(), v);
            checkText(path + ".boardId", node.boardId(), v);
            DayOneFieldChecks.node(path, node, v);
            checkPorts(path, node.ports(), v);
            ForwardingTableChecks.check(path + ".forwardingTable", node.type(), node.forwardingTable(),
                    (at, time) -> checkTime(at, time, "when the table was read", v), v);
        }
    }

    private void checkPorts(String nodePath, List<PortReport> ports, Violations v) {
        if (ports == null) {
            v.add(nodePath + ".ports", "missing; send an empty list when no port was read");
            return;
        }
        Set<Integer> numbers = new HashSet<>();
        for (int i = 0; i < ports.size(); i++) {
            String path = nodePath + ".ports[" + i + "]";
            PortReport port = ports.get(i);
            if (port == null) {
                v.add(path, "must be a port object, got null");
                continue;
            }
            checkRange(path, ".portNumber", port.portNumber(), 0, MAX_PORT_NUMBER, v);
            if (!numbers.add(port.portNumber())) {
                v.add(path + ".portNumber", "port " + port.portNumber() + " appears more than once on this node");
            }
            checkRange(path, ".lid", port.lid(), 0, MAX_LID, v);
            checkRange(path, ".smLid", port.smLid(), 0, MAX_LID, v);
            DayOneFieldChecks.port(path, port, v);
            checkNoNullElement(path, ".linkWidthSupported", port.linkWidthSupported(), v);
            checkNoNullElement(path, ".linkSpeedSupported", port.linkSpeedSupported(), v);
            if (port.linkLayer() != null && !LINK_LAYERS.contains(port.linkLayer())) {
                v.add(path + ".linkLayer", "must be one of " + sorted(LINK_LAYERS) + " or absent, got "
                        + quoted(port.linkLayer()));
            }
            CounterChecks.check(path, ".counters", port.counters(), port.counterWidth(), v);
            checkPeer(path, port.peer(), v);
        }
    }

    private static void checkPeer(String portPath, PeerPort peer, Violations v) {
        if (peer != null) {
            checkGuid(portPath, ".peer.nodeGuid", peer.nodeGuid(), false, v);
            checkRange(portPath, ".peer.portNumber", peer.portNumber(), 0, MAX_PORT_NUMBER, v);
            if (peer.lid() != null) {
                checkRange(portPath, ".peer.lid", peer.lid(), 0, MAX_LID, v);
            }
        }
    }

    /**
     * The checks of a field take its parent's path and its own step apart ({@code nodes[0].ports[3]}, {@code .lid}) and
     * join them only for a violation: a valid batch has a dozen checked fields a port.
     */
    private static void checkGuid(String path, String field, String guid, boolean optional, Violations v) {
        if (guid == null) {
            if (!optional) {
                v.add(path + field, "missing; a GUID such as 0x0002c903003178f0");
            }
        } else if (!Guids.isCanonical(guid)) {
            v.add(path + field, "not a canonical GUID: " + quoted(guid) + "; write 0x and 16 lower-case hex digits, "
                    + "e.g. 0x0002c903003178f0");
        }
    }

    private static void checkRange(String path, String field, int value, int min, int max, Violations v) {
        if (value < min || value > max) {
            v.add(path + field, "must be " + min + ".." + max + ", got " + value);
        }
    }

    private static void checkText(String path, String text, Violations v) {
        if (text == null) {
            return;
        }
        if (text.length() > MAX_TEXT_LENGTH) {
            v.add(path, "longer than " + MAX_TEXT_LENGTH + " characters (" + text.length() + ")");
            return;
        }
        int disallowed = NodeText.firstDisallowed(text);
        if (disallowed >= 0) {
            v.add(path, "carries a control character (" + NodeText.describe(text, disallowed)
                    + "); names must be printable, the agent replaces such characters before it sends");
        }
    }

    private static void checkNoNullElement(String path, String field, Collection<?> values, Violations v) {
        if (containsNull(values)) {
            v.add(path + field, "contains null; list only known values");
        }
    }

    /** Whether {@code values} holds a null; an {@link EnumSet} (what the wire reader makes of a set) cannot. */
    static boolean containsNull(Collection<?> values) {
        if (values == null || values instanceof EnumSet<?>) {
            return false;
        }
        for (Object value : values) {
            if (value == null) {
                return true;
            }
        }
        return false;
    }

    static String quoted(String text) {
        if (text == null) {
            return "nothing";
        }
        String shown = text.length() > 64 ? text.substring(0, 64) + "…" : text;
        return "'" + shown + "'";
    }

    private static List<String> sorted(Set<String> values) {
        return values.stream().sorted().toList();
    }
}
