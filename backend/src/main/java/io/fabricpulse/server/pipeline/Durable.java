package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.pipeline.resume.AgentMark;
import io.fabricpulse.server.pipeline.resume.PortLastSample;
import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.state.StateSql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one flush must store before its batches may be acknowledged: the rate points for the series
 * store, each changed port's last raw sample (the rate baseline) and each agent's newest batch for
 * the state store. Built by the pipeline's one worker thread only.
 */
final class Durable {

    private final List<PortRateSample> points = new ArrayList<>();
    private final List<ExpectedPort> withoutRate = new ArrayList<>();
    /** Per port, the newest sample of this flush; its row is built only if the throttle writes it. */
    private final Map<PortLastSample.PortId, LastSample> lastSamples = new HashMap<>();
    private final Map<String, AgentMark> marks = new HashMap<>();

    /** Adds what applying {@code batch} changed. */
    void add(IngestBatch batch, FabricUpdate update) {
        if (!update.ports().isEmpty()) {
            Map<String, NodeReport> nodes = new HashMap<>();
            batch.nodes().forEach(node -> nodes.put(node.guid(), node));
            for (PortView port : update.ports()) {
                PortRateSample point = RateSamples.of(port);
                if (point != null) {
                    points.add(point);
                } else {
                    withoutRate.add(new ExpectedPort(new PortSeriesKey(port.nodeGuid(), port.portNumber()), port.sampledAt()));
                }
                LastSample last = new LastSample(port, report(nodes.get(port.nodeGuid()), port.portNumber()),
                        batch.agentId());
                lastSamples.merge(last.id(), last, (known, added) -> added.isNewerThan(known) ? added : known);
            }
        }
        mark(batch);
    }

    /** Records that {@code batch} is part of this flush, also when it changed nothing (a late replay). */
    void mark(IngestBatch batch) {
        AgentMark mark = new AgentMark(batch.agentId(), batch.sequence(), StateSql.stored(batch.collectedAt()));
        marks.merge(mark.agentId(), mark, (known, added) -> added.isAfter(known) ? added : known);
    }

    List<PortRateSample> points() {
        return points;
    }

    /** Ports whose sample gave no rate (first sight, a reset): their points come with later samples. */
    List<ExpectedPort> withoutRate() {
        return withoutRate;
    }

    /**
     * The rows of the ports' last samples that {@code throttle} writes, one per port, the newest: a flush
     * may hold several batches of one agent. Built only for those rows: with H2 the throttle writes about
     * one port in thirty, and a row copies the port's ~45 counters.
     */
    List<PortLastSample> lastSamplesDue(ResumeThrottle throttle) {
        Set<PortLastSample.PortId> withoutRateIds = new HashSet<>();
        for (ExpectedPort port : withoutRate) {
            withoutRateIds.add(new PortLastSample.PortId(port.port().nodeGuid(), port.port().portNumber()));
        }
        List<PortLastSample> due = new ArrayList<>();
        for (LastSample last : lastSamples.values()) {
            if (throttle.isDue(last.id(), last.port().sampledAt(), last.report().counterWidth(),
                    last.port().saturated().keySet(), withoutRateIds.contains(last.id()))) {
                due.add(last.row());
            }
        }
        return due;
    }

    Map<String, AgentMark> marks() {
        return marks;
    }

    boolean isEmpty() {
        return points.isEmpty() && lastSamples.isEmpty() && marks.isEmpty();
    }

    /** A port's newest sample in this flush: what its resume row would hold. */
    private record LastSample(PortView port, PortReport report, String agentId) {

        PortLastSample.PortId id() {
            return new PortLastSample.PortId(port.nodeGuid(), port.portNumber());
        }

        boolean isNewerThan(LastSample other) {
            return port.sampledAt().isAfter(other.port().sampledAt());
        }

        PortLastSample row() {
            return new PortLastSample(port.nodeGuid(), port.portNumber(), new StoredBaselines.Sample(
                    report.counters(), report.counterWidth(), port.sampledAt(), port.saturated()), agentId);
        }
    }

    private static PortReport report(NodeReport node, int portNumber) {
        if (node != null) {
            for (PortReport port : node.ports()) {
                if (port.portNumber() == portNumber) {
                    return port;
                }
            }
        }
        throw new IllegalStateException("the live fabric changed port " + portNumber + " of a node the batch lacks");
    }
}
