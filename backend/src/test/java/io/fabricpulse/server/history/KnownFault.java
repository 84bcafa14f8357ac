package io.fabricpulse.server.history;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.testing.TestBatches;
import io.fabricpulse.server.topology.CableHistory;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A cable fault and a topology fault with known times, put into the stored history a past view is rebuilt from: a new
 * host cabled twice to a new leaf (port 1 to port 1, port 2 to port 2), both cables in the cable history since
 * {@link #cabled()} (20 minutes before now); port 1 with 4 symbol errors a second from {@code start} to {@code end}
 * (15 and 10 minutes before now) in the series store, and the critical alert it raised, fired at {@code start} and
 * resolved at {@code end}, in the state store; port 2 with 2 symbol errors a second over the minute before its cable
 * was pulled. Then both cables live through the real ingest, and port 2's pulled at {@code removed} (its ends report
 * Down, no peer): the live topology sees it gone and the cable history keeps when. So at {@link #inside()} cable 1 is
 * red and its alert fires, and now neither; at {@link #beforeRemoval()} cable 2 is there, red, and now it is gone;
 * before {@link #cabled()} neither cable nor node was there.
 *
 * @param host     the host's GUID
 * @param leaf     the leaf's GUID
 * @param hostName the host's short name
 * @param leafName the leaf's short name
 * @param alertId  the fault's alert
 * @param removed  when port 2's cable was seen gone (a whole second)
 * @param agent    the test agent that reports the cables
 */
public record KnownFault(String host, String leaf, String hostName, String leafName, long alertId, Instant start,
                         Instant end, Instant removed, String agent) {

    /** Errors per second on the host's port during the fault. */
    public static final double ERRORS_PER_SECOND = 4.0;
    private static final Duration STEP = Duration.ofSeconds(10);
    /** LIDs no demo or test fabric hands out (the unicast range ends at 0xBFFF). */
    private static final int HOST_LID = 0xBF00;
    private static final int LEAF_LID = 0xBF01;

    /** An instant in the middle of the fault, a whole second. */
    public Instant inside() {
        return start.plus(Duration.between(start, end).dividedBy(2)).truncatedTo(ChronoUnit.SECONDS);
    }

    /** An instant after the fault, well inside the stored history. */
    public Instant after() {
        return end.plus(Duration.ofMinutes(3)).truncatedTo(ChronoUnit.SECONDS);
    }

    /** When both cables were first seen: the cable history's first sighting. */
    public Instant cabled() {
        return start.minus(Duration.ofMinutes(5));
    }

    /** Port 2's cable at its last report in place, while it had errors. */
    public Instant beforeRemoval() {
        return removed.minus(STEP);
    }

    /**
     * Stores the fault's history and then sends the cable's live batches through {@code ingest} (which must see them
     * accepted): the series store keeps a port's points in time order, so the past goes in before the present.
     */
    public static KnownFault store(SeriesStore series, AlertRepository alerts, CableHistory cables, JsonMapper json,
                                   Consumer<IngestBatch> ingest) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String host = TestBatches.randomGuid();
        String leaf = TestBatches.randomGuid();
        String suffix = host.substring(host.length() - 4);
        String hostName = "pasthost" + suffix;
        String leafName = "pastleaf" + suffix;
        Instant start = now.minus(Duration.ofMinutes(15));
        Instant end = now.minus(Duration.ofMinutes(10));

        List<PortRateSample> samples = new ArrayList<>();
        for (Instant at = now.minus(Duration.ofMinutes(20)); at.isBefore(now.minusSeconds(30)); at = at.plus(STEP)) {
            double errors = !at.isBefore(start) && at.isBefore(end) ? ERRORS_PER_SECOND : 0;
            double pulledErrors = at.isBefore(now.minusSeconds(70)) ? 0 : 2.0;
            samples.add(new PortRateSample(new PortSeriesKey(host, 1), at, Map.of(
                    RateSeries.named("SymbolErrorCounter"), errors, RateSeries.XMIT_BYTES_PER_SECOND, 1e9)));
            samples.add(new PortRateSample(new PortSeriesKey(leaf, 1), at, Map.of(
                    RateSeries.named("SymbolErrorCounter"), 0.0, RateSeries.XMIT_BYTES_PER_SECOND, 1e9)));
            samples.add(new PortRateSample(new PortSeriesKey(host, 2), at, Map.of(
                    RateSeries.named("SymbolErrorCounter"), pulledErrors, RateSeries.XMIT_BYTES_PER_SECOND, 1e9)));
        }
        series.write(samples);

        AlertContext told = new AlertContext("SymbolErrorCounter +1200 in 5m", "SymbolErrorCounter", 1200, 10, "in 5m",
                List.of(new AlertEnd(host, hostName + " HCA-1", NodeType.CA, 1, HOST_LID, true),
                        new AlertEnd(leaf, "MF0;" + leafName + ":SB7800/U1", NodeType.SWITCH, 1, LEAF_LID, false)),
                List.of(), false);
        long id = alerts.open(new AlertRow(0, "symbol-error-burst|link:" + host + "/1-" + leaf + "/1", "symbol-error-burst",
                "CRITICAL", "LINK", host, leaf, null, told.summary(), json.writeValueAsString(told), start, null, null,
                null, null, null, false)).block().id();
        alerts.resolve(id, end, "system").block();

        KnownFault fault = new KnownFault(host, leaf, hostName, leafName, id, start, end, now,
                TestBatches.randomAgentId());
        // Both cables as an agent reported them from then on: the cable history's first sighting.
        cables.record(fault.batch(0, fault.cabled()), false);
        ingest.accept(fault.batch(1, now.minus(STEP).minus(STEP)));
        ingest.accept(fault.batch(2, now.minus(STEP)));
        ingest.accept(fault.batch(3, now));
        return fault;
    }

    /**
     * Stores a port-not-active alert on the leaf's end of the cable, fired at {@code from} and resolved at {@code to}:
     * the cable was Down in between, though its rates say nothing of it.
     */
    public void storeDown(AlertRepository alerts, JsonMapper json, Instant from, Instant to) {
        AlertContext told = new AlertContext("port Down where a cable belongs", "PortState", 1, 4, "state",
                List.of(new AlertEnd(leaf, "MF0;" + leafName + ":SB7800/U1", NodeType.SWITCH, 1, LEAF_LID, true)),
                List.of(), false);
        long id = alerts.open(new AlertRow(0, "port-not-active|port:" + leaf + "/1", "port-not-active", "CRITICAL",
                "PORT", leaf, null, null, told.summary(), json.writeValueAsString(told), from, null, null, null, null,
                null, false)).block().id();
        alerts.resolve(id, to, "system").block();
    }

    /**
     * Keeps reporting the cable every 5 s, as a real agent would, until closed: tests run longer than the server's
     * missing-after, after which an unreported cable's nodes count as gone and are no longer drawn.
     */
    public AutoCloseable keepReporting(Consumer<IngestBatch> ingest) {
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor();
        AtomicLong sequence = new AtomicLong(3);
        reporter.scheduleAtFixedRate(() -> ingest.accept(batch(sequence.incrementAndGet(), Instant.now())), 5, 5,
                TimeUnit.SECONDS);
        return reporter::shutdownNow;
    }

    /** The cables as their agent reports them at {@code at}, healthy; port 2's pulled from {@link #removed} on. */
    IngestBatch batch(long sequence, Instant at) {
        Map<String, Long> counters = Map.of("SymbolErrorCounter", 0L, "PortXmitData", 1000L * sequence,
                "PortRcvData", 1000L * sequence);
        boolean pulled = !at.isBefore(removed);
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, agent, sequence, at, "umad",
                List.of(TestBatches.hca(host, hostName + " HCA-1", port(1, counters, HOST_LID, leaf, false),
                                port(2, counters, HOST_LID + 2, leaf, pulled)),
                        new NodeReport(leaf, null, NodeType.SWITCH, "MF0;" + leafName + ":SB7800/U1", null, null, null,
                                List.of(port(1, counters, LEAF_LID, host, false), port(2, counters, LEAF_LID, host, pulled)))));
    }

    private static PortReport port(int number, Map<String, Long> counters, int lid, String peer, boolean pulled) {
        return new PortReport(number, lid, 1, pulled ? PortState.DOWN : PortState.ACTIVE,
                pulled ? PhysicalState.POLLING : PhysicalState.LINK_UP, pulled ? null : LinkWidth.X4,
                pulled ? null : LinkSpeed.EDR, EnumSet.of(LinkWidth.X4), EnumSet.of(LinkSpeed.EDR), "InfiniBand", true,
                counters, pulled ? null : new PeerPort(peer, number));
    }
}
