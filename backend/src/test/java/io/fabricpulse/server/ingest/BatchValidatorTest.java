package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.problem.InvalidField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.fabricpulse.server.testing.TestBatches.activePort;
import static io.fabricpulse.server.testing.TestBatches.batch;
import static io.fabricpulse.server.testing.TestBatches.hca;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class BatchValidatorTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";
    private static final String PORT = "nodes[0].ports[0]";
    private static final String UNKNOWN_COUNTER = "unknown counter; the IBA names are SymbolErrorCounter, "
            + "LinkErrorRecoveryCounter, LinkDownedCounter, PortRcvErrors, PortRcvRemotePhysicalErrors, "
            + "PortRcvSwitchRelayErrors, PortXmitDiscards, PortXmitConstraintErrors, PortRcvConstraintErrors, "
            + "LocalLinkIntegrityErrors, ExcessiveBufferOverrunErrors, VL15Dropped, PortXmitWait, PortXmitData, "
            + "PortRcvData, PortXmitPkts, PortRcvPkts, PortUnicastXmitPkts, PortUnicastRcvPkts, "
            + "PortMulticastXmitPkts, PortMulticastRcvPkts";

    private final BatchValidator validator = new BatchValidator(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofMinutes(5));

    private static IngestBatch valid() {
        return batch("h1", 1, NOW, hca(GUID, "h1 HCA-1", activePort(1, Map.of("SymbolErrorCounter", 1L))));
    }

    private List<InvalidField> errors(IngestBatch batch) {
        InvalidBatchException e = catchThrowableOfType(InvalidBatchException.class, () -> validator.check(batch));
        assertThat(e).as("refused").isNotNull();
        return e.errors();
    }

    private static IngestBatch withHeader(int version, String agentId, long sequence, Instant at, String source) {
        IngestBatch v = valid();
        return new IngestBatch(version, agentId, sequence, at, source, v.nodes());
    }

    private static IngestBatch withNode(UnaryOperator<NodeReport> change) {
        IngestBatch v = valid();
        return new IngestBatch(v.schemaVersion(), v.agentId(), v.sequence(), v.collectedAt(), v.source(),
                List.of(change.apply(v.nodes().getFirst())));
    }

    private static NodeReport node(String guid, String sysGuid, NodeType type, String description, List<PortReport> ports) {
        return new NodeReport(guid, sysGuid, type, description, null, null, null, ports);
    }

    private static IngestBatch withPort(UnaryOperator<PortReport> change) {
        return withNode(n -> node(n.guid(), n.systemImageGuid(), n.type(), n.description(),
                List.of(change.apply(n.ports().getFirst()))));
    }

    private static PortReport port(int number, int lid, PortState state, PhysicalState phys, boolean extended,
                                   Map<String, Long> counters, PeerPort peer) {
        PortReport p = activePort(number, Map.of());
        return new PortReport(number, lid, p.smLid(), state, phys, p.linkWidthActive(), p.linkSpeedActive(),
                p.linkWidthSupported(), p.linkSpeedSupported(), p.linkLayer(), extended, counters, peer);
    }

    private static IngestBatch withCounters(boolean extended, Map<String, Long> counters) {
        return withPort(p -> port(1, 1, PortState.ACTIVE, PhysicalState.LINK_UP, extended, counters, null));
    }

    static Stream<Arguments> hostileBatches() {
        return Stream.of(
                arguments("null batch", null, "", "the body is JSON null; expected an ingest batch object"),
                arguments("unknown schema version", withHeader(7, "h1", 1, NOW, "sim"), "schemaVersion",
                        "unsupported schema version 7; this server accepts 1"),
                arguments("missing agent id", withHeader(1, null, 1, NOW, "sim"), "agentId",
                        "missing; every batch names its agent"),
                arguments("blank agent id", withHeader(1, "  ", 1, NOW, "sim"), "agentId",
                        "missing; every batch names its agent"),
                arguments("agent id with a newline", withHeader(1, "h1\nforged log line", 1, NOW, "sim"), "agentId",
                        "must be 1 to 128 letters, digits or . _ : @ -"),
                arguments("negative sequence", withHeader(1, "h1", -1, NOW, "sim"), "sequence",
                        "must not be negative, got -1"),
                arguments("missing collectedAt", withHeader(1, "h1", 1, null, "sim"), "collectedAt",
                        "missing; the collection time of the poll is required"),
                arguments("collectedAt beyond the skew", withHeader(1, "h1", 1, NOW.plusSeconds(301), "sim"), "collectedAt",
                        "2026-03-01T12:05:01Z is more than PT5M ahead of the server's clock (2026-03-01T12:00:00Z); "
                                + "check the agent host's time sync"),
                arguments("unknown source", withHeader(1, "h1", 1, NOW, "magic"), "source",
                        "must be one of [sim, sysfs, umad], got 'magic'"),
                arguments("missing nodes", new IngestBatch(1, "h1", 1, NOW, "sim", null), "nodes",
                        "missing; send an empty list when the poll saw no node"),
                arguments("upper-case GUID", withNode(n -> node("0x0002C903003178F0", null, NodeType.CA, "d", n.ports())),
                        "nodes[0].guid", "not a canonical GUID: '0x0002C903003178F0'; write 0x and 16 lower-case hex digits, "
                                + "e.g. 0x0002c903003178f0"),
                arguments("sysfs-style system image GUID", withNode(n -> node(GUID, "0002:c903:0031:78f0", NodeType.CA, "d", n.ports())),
                        "nodes[0].systemImageGuid", "not a canonical GUID: '0002:c903:0031:78f0'; write 0x and 16 "
                                + "lower-case hex digits, e.g. 0x0002c903003178f0"),
                arguments("missing node type", withNode(n -> node(GUID, null, null, "d", n.ports())), "nodes[0].type",
                        "missing; one of CA, SWITCH, ROUTER"),
                arguments("huge description", withNode(n -> node(GUID, null, NodeType.CA, "x".repeat(257), n.ports())),
                        "nodes[0].description", "longer than 256 characters (257)"),
                arguments("missing ports", withNode(n -> node(GUID, null, NodeType.CA, "d", null)), "nodes[0].ports",
                        "missing; send an empty list when no port was read"),
                arguments("port 255", withPort(p -> port(255, 1, PortState.ACTIVE, PhysicalState.LINK_UP, false, Map.of(), null)),
                        PORT + ".portNumber", "must be 0..254, got 255"),
                arguments("negative port", withPort(p -> port(-1, 1, PortState.ACTIVE, PhysicalState.LINK_UP, false, Map.of(), null)),
                        PORT + ".portNumber", "must be 0..254, got -1"),
                arguments("LID beyond 16 bits", withPort(p -> port(1, 70_000, PortState.ACTIVE, PhysicalState.LINK_UP, false, Map.of(), null)),
                        PORT + ".lid", "must be 0..65535, got 70000"),
                arguments("missing state", withPort(p -> port(1, 1, null, PhysicalState.LINK_UP, false, Map.of(), null)),
                        PORT + ".state", "missing; one of DOWN, INIT, ARMED, ACTIVE (or absent with a fault naming the "
                                + "reserved value read)"),
                arguments("bad peer GUID", withPort(p -> port(1, 1, PortState.ACTIVE, PhysicalState.LINK_UP, false, Map.of(),
                        new PeerPort("S-0002c90200410d02", 3))), PORT + ".peer.nodeGuid",
                        "not a canonical GUID: 'S-0002c90200410d02'; write 0x and 16 lower-case hex digits, e.g. 0x0002c903003178f0"),
                arguments("unknown counter", withCounters(false, Map.of("SymbolErrors", 1L)), PORT + ".counters.SymbolErrors",
                        UNKNOWN_COUNTER),
                arguments("counter name that is no word", withCounters(false, Map.of("a.\"b", 1L)), PORT + ".counters[\"a.\\\"b\"]",
                        UNKNOWN_COUNTER),
                arguments("negative counter", withCounters(false, Map.of("SymbolErrorCounter", -1L)),
                        PORT + ".counters.SymbolErrorCounter", "value 18446744073709551615 exceeds the 16-bit maximum 65535"
                                + " (IBA counters latch at their maximum, they never exceed it; 64-bit values of"
                                + " PortCountersExtended's additional fields need extendedErrorCounters: true)"),
                arguments("16-bit counter beyond 65535", withCounters(false, Map.of("SymbolErrorCounter", 65_536L)),
                        PORT + ".counters.SymbolErrorCounter",
                        "value 65536 exceeds the 16-bit maximum 65535 (IBA counters latch at their maximum, they never exceed it; 64-bit values of "
                                + "PortCountersExtended's additional fields need extendedErrorCounters: true)"),
                arguments("8-bit counter beyond 255", withCounters(true, Map.of("LinkDownedCounter", 256L)),
                        PORT + ".counters.LinkDownedCounter",
                        "value 256 exceeds the 8-bit maximum 255 (IBA counters latch at their maximum, they never exceed it; 64-bit values of "
                                + "PortCountersExtended's additional fields need extendedErrorCounters: true)"),
                arguments("4-bit counter beyond 15", withCounters(false, Map.of("ExcessiveBufferOverrunErrors", 16L)),
                        PORT + ".counters.ExcessiveBufferOverrunErrors",
                        "value 16 exceeds the 4-bit maximum 15 (IBA counters latch at their maximum, they never exceed it; 64-bit values of "
                                + "PortCountersExtended's additional fields need extendedErrorCounters: true)"),
                arguments("32-bit data counter beyond 2^32-1", withCounters(false, Map.of("PortXmitData", 4_294_967_296L)),
                        PORT + ".counters.PortXmitData", "value 4294967296 exceeds the 32-bit maximum 4294967295 (32-bit "
                                + "because extendedCounters is false; set it when sending PortCountersExtended values)"),
                arguments("unsigned 64-bit value on a 32-bit port", withCounters(false, Map.of("PortRcvPkts", -1L)),
                        PORT + ".counters.PortRcvPkts", "value 18446744073709551615 exceeds the 32-bit maximum 4294967295 "
                                + "(32-bit because extendedCounters is false; set it when sending PortCountersExtended values)"),
                arguments("null counter value", withCounters(false, nullValued("SymbolErrorCounter")),
                        PORT + ".counters.SymbolErrorCounter", "missing value; leave out a counter the source could not read"));
    }

    private static Map<String, Long> nullValued(String name) {
        Map<String, Long> counters = new HashMap<>();
        counters.put(name, null);
        return counters;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileBatches")
    void hostileValuesAreNamedPrecisely(String name, IngestBatch batch, String path, String reason) {
        assertThat(errors(batch)).containsExactly(new InvalidField(path, reason));
    }

    @Test
    void theValidBatchPasses() {
        assertThatCode(() -> validator.check(valid())).doesNotThrowAnyException();
    }

    @Test
    void collectedAtWithinTheSkewIsAccepted() {
        assertThatCode(() -> validator.check(withHeader(1, "h1", 0, NOW.plusSeconds(300), "umad"))).doesNotThrowAnyException();
    }

    @Test
    void sixtyFourBitCountersTakeEveryUnsignedValue() {
        assertThatCode(() -> validator.check(withCounters(true, Map.of("PortXmitData", -2L, "PortRcvData", Long.MAX_VALUE))))
                .doesNotThrowAnyException();
    }

    @Test
    void duplicateNodesAndPortsAreRefused() {
        NodeReport n = valid().nodes().getFirst();
        IngestBatch twice = new IngestBatch(1, "h1", 1, NOW, "sim", List.of(n, n));
        IngestBatch portTwice = withNode(x -> node(GUID, null, NodeType.CA, "d", List.of(x.ports().getFirst(), x.ports().getFirst())));

        assertThat(errors(twice)).containsExactly(
                new InvalidField("nodes[1].guid", "node " + GUID + " appears more than once in the batch"));
        assertThat(errors(portTwice)).containsExactly(
                new InvalidField("nodes[0].ports[1].portNumber", "port 1 appears more than once on this node"));
    }

    @Test
    void everyProblemOfABatchIsListedUpToABound() {
        List<PortReport> ports = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            ports.add(port(i, 1, PortState.ACTIVE, PhysicalState.LINK_UP, false, Map.of("SymbolErrorCounter", -5L), null));
        }
        IngestBatch batch = withNode(n -> node(GUID, null, NodeType.CA, "d", ports));

        InvalidBatchException e = catchThrowableOfType(InvalidBatchException.class, () -> validator.check(batch));

        assertThat(e.errors()).hasSize(Violations.LISTED);
        assertThat(e.toProblemDetail().getProperties()).containsEntry("errorCount", 150);
        assertThat(e.toProblemDetail().getDetail()).isEqualTo("150 invalid values, the first: "
                + "nodes[0].ports[0].counters.SymbolErrorCounter: value 18446744073709551611 exceeds the 16-bit maximum"
                + " 65535 (IBA counters latch at their maximum, they never exceed it; 64-bit values of PortCountersExtended's"
                + " additional fields need extendedErrorCounters: true)");
    }

    @Test
    void supportedSetsMayNotHoldNull() {
        Set<io.fabricpulse.model.ingest.LinkWidth> withNull = new java.util.HashSet<>();
        withNull.add(null);
        IngestBatch batch = withPort(p -> new PortReport(1, 1, 1, PortState.ACTIVE, PhysicalState.LINK_UP, null, null,
                withNull, null, null, false, Map.of(), null));

        assertThat(errors(batch)).containsExactly(
                new InvalidField(PORT + ".linkWidthSupported", "contains null; list only known values"));
    }

    private static IngestBatch withDiscovery(IngestBatch.Discovery discovery) {
        IngestBatch v = valid();
        return new IngestBatch(v.schemaVersion(), v.agentId(), v.sequence(), v.collectedAt(), v.source(), v.nodes(),
                discovery);
    }

    @Test
    void aDiscoveryMarkerIsOptionalAndCheckedWhenPresent() {
        assertThatCode(() -> validator.check(valid())).doesNotThrowAnyException();
        assertThatCode(() -> validator.check(withDiscovery(new IngestBatch.Discovery(true, GUID, 1, NOW.minusSeconds(2)))))
                .doesNotThrowAnyException();

        assertThat(errors(withDiscovery(new IngestBatch.Discovery(false, "0xABC", 0, null))))
                .extracting(InvalidField::path)
                .containsExactly("discovery.fromNodeGuid", "discovery.fromPort", "discovery.startedAt");
        assertThat(errors(withDiscovery(new IngestBatch.Discovery(true, GUID, 1, NOW.plus(Duration.ofHours(1))))))
                .extracting(InvalidField::path).containsExactly("discovery.startedAt");
    }
}
