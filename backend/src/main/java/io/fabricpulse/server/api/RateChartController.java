package io.fabricpulse.server.api;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Rate history for charts, from the series store: one port, or both ends of its link. The store
 * blocks (disk, network), so its calls run on the bounded-elastic scheduler, never on the event loop.
 */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "charts", description = "Rate history of ports and links, from the series store")
class RateChartController {

    private static final Logger log = LoggerFactory.getLogger(RateChartController.class);

    private final SeriesStore store;
    private final FabricView fabric;
    private final Clock clock;

    RateChartController(SeriesStore store, FabricView fabric, Clock clock) {
        this.store = store;
        this.fabric = fabric;
        this.clock = clock;
    }

    /** The query parameters both chart endpoints take, for the OpenAPI document. */
    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @Parameter(in = ParameterIn.QUERY, name = "counter", required = true,
            description = "a counter's IBA name (SymbolErrorCounter, PortXmitData, ...; its rate per second in its "
                    + "own unit) or XmitBytesPerSecond / RcvBytesPerSecond")
    @Parameter(in = ParameterIn.QUERY, name = "from",
            description = "start, ISO-8601 instant or epoch seconds; default: to - 1h; rounded down to the step")
    @Parameter(in = ParameterIn.QUERY, name = "to",
            description = "end (exclusive), ISO-8601 instant or epoch seconds; default: now; rounded up to the step")
    @Parameter(in = ParameterIn.QUERY, name = "step",
            description = "bucket length (10s, 5m, 1h, PT10S), whole seconds; default: the finest of 10s, 1m, 5m, "
                    + "1h, 1d that gives under 1000 buckets; at most 20000 buckets")
    @Parameter(in = ParameterIn.QUERY, name = "consolidation",
            description = "AVERAGE (default) or MAX of the rates inside a bucket")
    @interface ChartQuery {
    }

    @GetMapping("/ports/{guid}/{port}/rates")
    @Operation(summary = "A counter's rate for one port over a time range, one point per step")
    @ChartQuery
    Mono<RateChart> portRates(@PathVariable String guid, @PathVariable String port, ServerHttpRequest request) {
        RateQuery query = parse(guid, port, request);
        return read(query).map(points -> RateChart.of(query, points));
    }

    @GetMapping("/links/{guid}/{port}/rates")
    @Operation(summary = "A counter's rate at both ends of the port's cable over a time range",
            description = "The peer is the port at the other end as the live fabric knows it (the port's own report, "
                    + "or a port that reports this one as its peer); 404 when the port is not in the live fabric.")
    @ChartQuery
    Mono<LinkRateChart> linkRates(@PathVariable String guid, @PathVariable String port, ServerHttpRequest request) {
        RateQuery query = parse(guid, port, request);
        PortSeriesKey key = query.port();
        PortView view = fabric.port(key.nodeGuid(), key.portNumber()).orElseThrow(() -> new ProblemException(
                ProblemType.NOT_FOUND, "port " + key + " is not in the live fabric: its link is unknown"));
        Optional<PortSeriesKey> peer = peerOf(view);
        Mono<RateChart> local = read(query).map(points -> RateChart.of(query, points));
        if (peer.isEmpty()) {
            return local.map(chart -> new LinkRateChart(chart, null));
        }
        RateQuery peerQuery = new RateQuery(peer.get(), query.series(), query.consolidation(), query.from(), query.to(),
                query.step());
        return local.zipWith(read(peerQuery).map(points -> RateChart.of(peerQuery, points)), LinkRateChart::new);
    }

    private RateQuery parse(String guid, String port, ServerHttpRequest request) {
        ReadQuery params = new ReadQuery(request.getQueryParams(), ChartParameters.NAMES);
        PortSeriesKey key = ChartParameters.port(params, guid, port);
        RateQuery query = ChartParameters.rateQuery(params, key, clock.instant());
        params.throwIfInvalid();
        return query;
    }

    private Mono<List<RatePoint>> read(RateQuery query) {
        return Mono.fromCallable(() -> store.rates(query))
                .subscribeOn(Schedulers.boundedElastic())
                .onErrorMap(SeriesStoreException.class, e -> {
                    log.warn("chart of {} {}: the series store failed: {}", query.port(), query.series(), e.getMessage());
                    return new ProblemException(ProblemType.UNAVAILABLE, "the series store cannot answer now",
                            List.of(), Map.of());
                });
    }

    /** The far end: as the port reports it, else a port that reports this one as its peer (a switch port). */
    private Optional<PortSeriesKey> peerOf(PortView view) {
        if (view.peerGuid() != null) {
            return Optional.of(new PortSeriesKey(view.peerGuid(), view.peerPort()));
        }
        return fabric.ports(p -> view.nodeGuid().equals(p.peerGuid()) && p.peerPort() == view.portNumber()).stream()
                .findFirst()
                .map(p -> new PortSeriesKey(p.nodeGuid(), p.portNumber()));
    }
}
