package io.fabricpulse.server.history;

import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.rules.PortNotActiveRule;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.DerivedRates;
import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.WorstQuery;
import io.fabricpulse.server.topology.PortSnapshot;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rebuilds the fabric as it was at a past instant from what is stored (see the package's documentation): its nodes
 * and cables from the cable history ({@link PastTopology}), and each of today's ports with its error rates averaged
 * over the minute before the instant (so a marginal cable reads as the live minute window reads it), its data rates
 * then, and Down where a {@code port-not-active} alert was open then.
 * The series store is asked through its SPI only, one worst-N query per series for the whole fabric, so any store
 * answers (embedded, InfluxDB, Prometheus-compatible).
 */
@Component
public class FabricHistory {

    /** Errors at an instant are those of the minute before it, as the live map's minute window. */
    static final Duration WINDOW = Duration.ofMinutes(1);
    /** Ports read per series: the most a worst-N query answers; quieter ports read as error-free and idle. */
    static final int PORTS_PER_SERIES = WorstQuery.MAX_LIMIT;
    /** Ports Down at once that a review can show; more is a power cut, and the alerts say so. */
    private static final int DOWN_ALERTS = 10_000;
    private static final List<PortCounter> ERROR_COUNTERS = Arrays.stream(PortCounter.values())
            .filter(counter -> counter.kind() == PortCounter.Kind.ERROR).toList();

    /** What a past view rebuilds and what it cannot: shown with it, as they are, before the instant's own counts. */
    public static final List<String> NOTES = List.of(
            "Cables from the cable history: those first seen later are left out, those removed since drawn back until"
                    + " a report showed them gone; a saved baseline forgets cables gone before it. Names, widths and"
                    + " speeds are today's.",
            "Errors and load over the minute before this time; Down from the port-not-active alerts open then.");

    private final SeriesStore series;
    private final AlertViews alerts;
    private final FabricView fabric;
    private final PastTopologies topologies;

    FabricHistory(SeriesStore series, AlertViews alerts, FabricView fabric, PastTopologies topologies) {
        this.series = series;
        this.alerts = alerts;
        this.fabric = fabric;
        this.topologies = topologies;
    }

    /** What a page shows with a past view: {@link #NOTES}, then how the instant's topology was rebuilt. */
    public static List<String> notes(PastTopology topology) {
        List<String> notes = new ArrayList<>(NOTES);
        notes.addAll(topology.notes());
        return List.copyOf(notes);
    }

    /** The fabric at {@code at}, a whole second within the history ({@link HistoryWindow#requested}). */
    public Mono<PastFabric> at(Instant at) {
        Mono<Set<PortEnd>> down = alerts.openAt(at, PortNotActiveRule.NAME, DOWN_ALERTS)
                .flatMapIterable(alert -> alert.context().ends())
                .filter(end -> end.portNumber() > 0)
                .map(FabricHistory::end)
                .collect(HashSet::new, Set::add);
        Mono<Map<RateSeries, Map<PortEnd, Double>>> rates = Mono.fromCallable(() -> rates(at))
                .subscribeOn(Schedulers.boundedElastic());
        return Mono.zip(down, rates).map(both -> past(at, topologies.at(at), both.getT1(), both.getT2()));
    }

    private Map<RateSeries, Map<PortEnd, Double>> rates(Instant at) {
        Instant from = at.minus(WINDOW);
        Map<RateSeries, Map<PortEnd, Double>> bySeries = new HashMap<>();
        List<RateSeries> wanted = new ArrayList<>(ERROR_COUNTERS.stream().map(RateSeries::of).toList());
        wanted.add(RateSeries.XMIT_BYTES_PER_SECOND);
        wanted.add(RateSeries.RCV_BYTES_PER_SECOND);
        for (RateSeries one : wanted) {
            Map<PortEnd, Double> byPort = new HashMap<>();
            for (PortRate rate : series.worst(new WorstQuery(one, Consolidation.AVERAGE, from, at, PORTS_PER_SERIES))) {
                if (rate.value() > 0) {
                    PortSeriesKey key = rate.port();
                    byPort.put(new PortEnd(key.nodeGuid(), key.portNumber()), rate.value());
                }
            }
            bySeries.put(one, byPort);
        }
        return bySeries;
    }

    private PastFabric past(Instant at, PastTopology topology, Set<PortEnd> down,
                            Map<RateSeries, Map<PortEnd, Double>> rates) {
        Map<PortEnd, PortView> ports = new HashMap<>();
        Map<PortEnd, Double> errors = new HashMap<>();
        for (PortView now : fabric.ports(any -> true)) {
            PortEnd end = new PortEnd(now.nodeGuid(), now.portNumber());
            Map<String, Double> errorRates = new HashMap<>();
            double sum = 0;
            for (PortCounter counter : ERROR_COUNTERS) {
                Double rate = rates.get(RateSeries.of(counter)).get(end);
                if (rate != null) {
                    errorRates.put(counter.ibaName(), rate);
                    sum += rate;
                }
            }
            errors.put(end, sum);
            ports.put(end, then(now, at, down.contains(end), errorRates,
                    rates.get(RateSeries.XMIT_BYTES_PER_SECOND).get(end), rates.get(RateSeries.RCV_BYTES_PER_SECOND).get(end)));
        }
        PortSnapshot snapshot = new PortSnapshot(ports,
                port -> errors.getOrDefault(new PortEnd(port.nodeGuid(), port.portNumber()), 0.0));
        return new PastFabric(at, topology.model(), snapshot, notes(topology));
    }

    /** A port as it was: today's identity and link, its state, errors and load then; nothing latched is known. */
    private static PortView then(PortView now, Instant at, boolean down, Map<String, Double> errorRates, Double xmit,
                                 Double rcv) {
        Double dataRate = now.derived() == null ? null : now.derived().linkDataRateBitsPerSecond();
        DerivedRates derived = new DerivedRates(dataRate, xmit, rcv, share(xmit, dataRate), share(rcv, dataRate),
                null, null, null, null);
        return new PortView(now.nodeGuid(), now.nodeName(), now.nodeType(), now.portNumber(), now.lid(),
                down ? PortState.DOWN : PortState.ACTIVE, down ? PhysicalState.POLLING : PhysicalState.LINK_UP,
                now.linkWidth(), now.linkSpeed(), now.peerGuid(), now.peerPort(), Map.of(), errorRates, xmit, rcv,
                derived, Map.of(), at);
    }

    private static Double share(Double bytesPerSecond, Double bitsPerSecond) {
        return bytesPerSecond == null || bitsPerSecond == null || bitsPerSecond <= 0 ? null
                : Math.min(1.0, bytesPerSecond * 8 / bitsPerSecond);
    }

    private static PortEnd end(AlertEnd end) {
        return new PortEnd(end.nodeGuid(), end.portNumber());
    }
}
