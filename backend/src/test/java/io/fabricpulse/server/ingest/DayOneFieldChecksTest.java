package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import io.fabricpulse.server.problem.InvalidField;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.fabricpulse.server.testing.TestBatches.activePort;
import static io.fabricpulse.server.testing.TestBatches.batch;
import static io.fabricpulse.server.testing.TestBatches.hca;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The optional fields of day-one truth as an attacker fills them: each hostile value is refused with its path
 * and reason, and nothing of the batch is taken. What an honest agent sends passes.
 */
class DayOneFieldChecksTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c903003178f0";
    private static final String VIA = GUID + ":1";

    private final BatchValidator validator = new BatchValidator(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofMinutes(5));

    private static IngestBatch valid() {
        return batch("h1", 1, NOW, hca(GUID, "h1 HCA-1", activePort(1, Map.of("SymbolErrorCounter", 1L))));
    }

    private static IngestBatch withNode(UnaryOperator<NodeReport> change) {
        IngestBatch v = valid();
        return new IngestBatch(1, "h1", 1, NOW, "umad", List.of(change.apply(v.nodes().getFirst())));
    }

    private static NodeReport identity(NodeReport n, Integer vendor, Integer device, Long revision, Integer numPorts,
                                       List<IpoibInterface> ipoib, List<FieldFault> faults) {
        return new NodeReport(n.guid(), n.systemImageGuid(), n.type(), n.description(), n.hcaType(), n.firmware(),
                n.boardId(), n.ports(), vendor, device, revision, numPorts, ipoib, faults);
    }

    private static IngestBatch withIpoib(IpoibInterface ipoib) {
        return withNode(n -> identity(n, null, null, null, null, List.of(ipoib), null));
    }

    private static IngestBatch withPort(UnaryOperator<PortReport> change) {
        return withNode(n -> n.withPorts(List.of(change.apply(n.ports().getFirst()))));
    }

    private static PortReport extra(PortReport p, Double gbps, List<FieldFault> faults, boolean errors64) {
        return new PortReport(p.portNumber(), p.lid(), p.smLid(), p.state(), p.physicalState(), p.linkWidthActive(),
                p.linkSpeedActive(), p.linkWidthSupported(), p.linkSpeedSupported(), p.linkLayer(), p.extendedCounters(),
                p.counters(), p.peer(), null, null, errors64 ? Boolean.TRUE : null, gbps, faults);
    }

    private static IngestBatch withManagers(SubnetManagerReport... managers) {
        IngestBatch v = valid();
        return new IngestBatch(1, "h1", 1, NOW, "umad", v.nodes(), null, List.of(managers));
    }

    private static SubnetManagerReport sm(int lid, String guid, Integer priority, Long count, String via, String error) {
        return new SubnetManagerReport(lid, guid, priority, guid == null ? null : SmState.MASTER, count, true, via, error,
                null);
    }

    static Stream<Arguments> hostileBatches() {
        return Stream.of(
                arguments("vendor id beyond 24 bits", withNode(n -> identity(n, 0x1000000, null, null, null, null, null)),
                        "nodes[0].vendorId", "must be 0..16777215, got 16777216"),
                arguments("device id beyond 16 bits", withNode(n -> identity(n, null, 0x10000, null, null, null, null)),
                        "nodes[0].deviceId", "must be 0..65535, got 65536"),
                arguments("negative revision", withNode(n -> identity(n, null, null, -1L, null, null, null)),
                        "nodes[0].revision", "must be 0..4294967295 (32 bits), got -1"),
                arguments("a switch of 300 ports", withNode(n -> identity(n, null, null, null, 300, null, null)),
                        "nodes[0].numPorts", "must be 1..254, got 300"),
                arguments("an interface name with a newline", withIpoib(new IpoibInterface("ib0\nforged", "mlx5_0", 1,
                        "datagram", 2044, "up")), "nodes[0].ipoib[0].name",
                        "must be an interface name (1 to 15 letters, digits or . _ : @ -), got 'ib0\nforged'"),
                arguments("a mode IPoIB does not have", withIpoib(new IpoibInterface("ib0", "mlx5_0", 1, "turbo", 2044,
                        "up")), "nodes[0].ipoib[0].mode", "must be datagram or connected, or absent, got 'turbo'"),
                arguments("an MTU beyond 16 bits", withIpoib(new IpoibInterface("ib0", "mlx5_0", 1, "connected", 70_000,
                        "up")), "nodes[0].ipoib[0].mtu", "must be 0..65535, got 70000"),
                arguments("a state of 100 KB", withIpoib(new IpoibInterface("ib0", "mlx5_0", 1, "connected", 65520,
                        "x".repeat(100_000))), "nodes[0].ipoib[0].state",
                        "must be at most 64 characters without control characters"),
                arguments("a rate of NaN", withPort(p -> extra(p, Double.NaN, null, false)), "nodes[0].ports[0].linkRateGbps",
                        "must be above 0 and at most 100000, got NaN"),
                arguments("a fault without its field", withPort(p -> extra(p, null, List.of(new FieldFault(null, 7, "x")),
                        false)), "nodes[0].ports[0].faults[0]", "a fault needs its field and problem"),
                arguments("an SM priority of 16", withManagers(sm(1, GUID, 16, 5L, VIA, null)), "subnetManagers[0].priority",
                        "must be 0..15, got 16"),
                arguments("an ActCount beyond 32 bits", withManagers(sm(1, GUID, 1, 1L << 32, VIA, null)),
                        "subnetManagers[0].activityCount", "must be 0..4294967295 (32 bits), got 4294967296"),
                arguments("an SM GUID in sysfs spelling", withManagers(sm(1, "0002:c903:0031:78f0", 1, 5L, VIA, null)),
                        "subnetManagers[0].guid", "not a canonical GUID: '0002:c903:0031:78f0'"),
                arguments("a querying port that is no port", withManagers(sm(1, GUID, 1, 5L, "<script>", null)),
                        "subnetManagers[0].via", "must name the querying port as <node GUID>:<port>, got '<script>'"),
                arguments("neither answer nor error", withManagers(sm(1, null, null, null, VIA, null)), "subnetManagers[0]",
                        "an SMInfo answer needs a guid, an unanswered query an error saying why"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileBatches")
    void hostileValuesAreNamedPrecisely(String name, IngestBatch batch, String path, String reason) {
        InvalidBatchException e = catchThrowableOfType(InvalidBatchException.class, () -> validator.check(batch));
        assertThat(e).as("refused").isNotNull();
        assertThat(e.errors()).containsExactly(new InvalidField(path, reason));
    }

    @Test
    void listsAreBounded() {
        IpoibInterface one = new IpoibInterface("ib0", "mlx5_0", 1, "datagram", 2044, "up");
        IngestBatch manyInterfaces = withNode(n -> identity(n, null, null, null, null, Collections.nCopies(65, one), null));
        SubnetManagerReport answer = sm(1, GUID, 1, 5L, VIA, null);
        IngestBatch manyManagers = withManagers(Collections.nCopies(257, answer).toArray(SubnetManagerReport[]::new));
        assertThat(catchThrowableOfType(InvalidBatchException.class, () -> validator.check(manyInterfaces)).errors())
                .containsExactly(new InvalidField("nodes[0].ipoib", "at most 64 interfaces, got 65"));
        assertThat(catchThrowableOfType(InvalidBatchException.class, () -> validator.check(manyManagers)).errors())
                .containsExactly(new InvalidField("subnetManagers", "at most 256 SMInfo answers, got 257"));
    }

    @Test
    void whatAnHonestAgentSendsPasses() {
        IngestBatch honest = new IngestBatch(1, "h1", 1, NOW, "umad", List.of(identity(valid().nodes().getFirst()
                        .withPorts(List.of(extra(activePort(1, Map.of("SymbolErrorCounter", 70_000L,
                                "PortXmitWait", -1L)), null, null, true))), 0x0002c9, 0x101b, 0xa1L, 1,
                List.of(new IpoibInterface("ib0", "mlx5_0", 1, "connected", 65520, "up")), null)), null,
                List.of(sm(1, GUID, 15, 0xFFFF_FFFFL, VIA, null), sm(4, null, null, null, VIA, "no answer in 1000 ms")));
        assertThatCode(() -> validator.check(honest)).doesNotThrowAnyException();
    }

    @Test
    void aReservedStateIsAFaultNotAMissingState() {
        IngestBatch reserved = withPort(p -> new PortReport(1, 1, 1, null, null, null, null, p.linkWidthSupported(),
                p.linkSpeedSupported(), p.linkLayer(), false, Map.of(), null, null, null, null, null,
                List.of(new FieldFault("LinkState", 7, "reserved"), new FieldFault("PhysLinkState", 9, "reserved"))));
        assertThatCode(() -> validator.check(reserved)).doesNotThrowAnyException();
    }
}
