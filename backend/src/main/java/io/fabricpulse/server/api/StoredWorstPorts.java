package io.fabricpulse.server.api;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.fabric.RankedPort;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Worst ports over windows longer than the in-memory ones (a week, a month), ranked by the series
 * store: it scans every port's stored rates, so it runs on the bounded-elastic scheduler. Names and
 * peers come from the live fabric where it knows the port.
 */
final class StoredWorstPorts {

    private static final Logger log = LoggerFactory.getLogger(StoredWorstPorts.class);
    /** The default layout's longest archive: further back the embedded store has nothing. */
    static final Duration MAX_WINDOW = Duration.ofDays(730);

    private final SeriesStore store;
    private final FabricView fabric;

    StoredWorstPorts(SeriesStore store, FabricView fabric) {
        this.store = store;
        this.fabric = fabric;
    }

    Mono<WorstPorts> worst(WorstQuery query, String windowLabel, Instant at) {
        return Mono.fromCallable(() -> store.worst(query))
                .subscribeOn(Schedulers.boundedElastic())
                .map(ranked -> new WorstPorts(query.series().name(), windowLabel, "series", query.consolidation(), at,
                        ranked.stream().map(this::named).toList()))
                .onErrorMap(SeriesStoreException.class, e -> {
                    log.warn("worst ports by {} over {}: the series store failed: {}", query.series(), windowLabel,
                            e.getMessage());
                    return new ProblemException(ProblemType.UNAVAILABLE, "the series store cannot answer now",
                            List.of(), Map.of());
                });
    }

    private RankedPort named(PortRate rate) {
        Optional<PortView> view = fabric.port(rate.port().nodeGuid(), rate.port().portNumber());
        return new RankedPort(rate.port().nodeGuid(), view.map(PortView::nodeName).orElse(rate.port().nodeGuid()),
                rate.port().portNumber(), view.map(PortView::peerGuid).orElse(null),
                view.map(PortView::peerPort).orElse(0), rate.value(), null);
    }

    /** A window longer than the in-memory ones, whole seconds, at most {@link #MAX_WINDOW}. */
    static Duration longWindow(Duration window) {
        if (window.getNano() != 0 || window.compareTo(Duration.ofHours(24)) <= 0 || window.compareTo(MAX_WINDOW) > 0) {
            throw new IllegalArgumentException(window.toString());
        }
        return window;
    }
}
