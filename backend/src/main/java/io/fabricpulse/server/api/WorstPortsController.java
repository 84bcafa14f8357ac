package io.fabricpulse.server.api;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.FabricWindows;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.rates.DerivedMetric;
import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.WorstQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

/**
 * Worst ports and per-port windows, answered from the windows the live fabric keeps in memory
 * (1 min, 5 min, 1 h, 24 h): no storage is touched, so these are cheap enough for wall screens and
 * alert context. Longer worst-port windows go to the series store ({@link StoredWorstPorts}).
 */
@RestController
@RequestMapping("/api/v1/ports")
@Tag(name = "windows", description = "Worst ports and per-port windows from the in-memory 1m/5m/1h/24h windows")
class WorstPortsController {

    static final int DEFAULT_LIMIT = 10;
    static final int MAX_LIMIT = 1_000;

    private final FabricWindows windows;
    private final StoredWorstPorts stored;
    private final Clock clock;

    WorstPortsController(FabricWindows windows, SeriesStore store, FabricView fabric, Clock clock) {
        this.windows = windows;
        this.stored = new StoredWorstPorts(store, fabric);
        this.clock = clock;
    }

    @GetMapping("/worst")
    @Operation(summary = "The ports with the highest rate of a counter, or of a derived metric, over a window",
            description = "Windows of 1m, 5m, 1h and 24h are answered from memory (every counter and derived metric); "
                    + "longer ones (e.g. 7d, up to 730d) by the series store, for the stored series only.")
    @Parameter(in = ParameterIn.QUERY, name = "by", required = true,
            description = "a counter's IBA name (its rate per second over the window, e.g. SymbolErrorCounter, "
                    + "PortXmitDiscards) or a derived metric: XmitBytesPerSecond, RcvBytesPerSecond, XmitUtilisation, "
                    + "RcvUtilisation, XmitPacketsPerSecond, RcvPacketsPerSecond, XmitWaitShare, SymbolErrorBer")
    @Parameter(in = ParameterIn.QUERY, name = "window",
            description = "1m, 5m (default), 1h or 24h from memory; a longer duration (7d, 30d, up to 730d) from the "
                    + "series store")
    @Parameter(in = ParameterIn.QUERY, name = "limit", description = "how many ports, 1 to 1000, default 10")
    @Parameter(in = ParameterIn.QUERY, name = "consolidation",
            description = "windows longer than 24h only: AVERAGE (default) or MAX of the stored rates")
    Mono<WorstPorts> worst(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("by", "window", "limit", "consolidation"));
        PortMetric metric = query.value("by", PortMetric::named,
                "must be a counter's IBA name (e.g. SymbolErrorCounter) or a derived metric (" + DerivedMetric.names() + ")");
        if (!query.has("by")) {
            query.invalid("by", "is required: a counter's IBA name or a derived metric such as XmitUtilisation");
        }
        String label = query.value("window", String::strip, "");
        RateWindow inMemory = label == null ? RateWindow.FIVE_MINUTES : RateWindow.ofLabel(label);
        Duration stored = inMemory != null ? null : query.value("window",
                text -> StoredWorstPorts.longWindow(ChartParameters.duration(text)),
                "must be one of " + RateWindow.labels() + " (in memory) or a longer duration such as 7d, up to 730d "
                        + "(series store)");
        Consolidation consolidation = query.oneOf("consolidation", Consolidation.class);
        if (inMemory != null && query.has("consolidation")) {
            query.invalid("consolidation", "applies to windows longer than 24h, answered by the series store");
        }
        RateSeries series = stored == null || metric == null ? null : storedSeries(query, metric);
        Integer limit = query.value("limit", WorstPortsController::limit,
                "must be a whole number from 1 to " + MAX_LIMIT);
        query.throwIfInvalid();
        int count = limit == null ? DEFAULT_LIMIT : limit;
        Instant at = clock.instant();
        if (inMemory != null) {
            return Mono.just(new WorstPorts(metric.name(), inMemory.label(), "memory", null, at,
                    windows.worst(metric, inMemory, count)));
        }
        Instant to = at.truncatedTo(ChronoUnit.SECONDS);
        return this.stored.worst(new WorstQuery(series, consolidation == null ? Consolidation.AVERAGE : consolidation,
                to.minus(stored), to, count), label, at);
    }

    /** The stored series for {@code metric}, or null with the error recorded. */
    private static RateSeries storedSeries(ReadQuery query, PortMetric metric) {
        try {
            return RateSeries.named(metric.name());
        } catch (IllegalArgumentException e) {
            query.invalid("by", metric.name() + " is kept in memory only (windows up to 24h); over longer windows "
                    + "rank by a counter or XmitBytesPerSecond, RcvBytesPerSecond");
            return null;
        }
    }

    @GetMapping("/{guid}/{port}/windows")
    @Operation(summary = "A port's 1m, 5m, 1h and 24h windows: per counter its increase and rate, and the derived "
            + "metrics; 404 when the port is not in the live fabric")
    PortWindowsView portWindows(@PathVariable String guid, @PathVariable String port, ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of());
        PortSeriesKey key = ChartParameters.port(query, guid, port);
        query.throwIfInvalid();
        return windows.windows(key.nodeGuid(), key.portNumber())
                .map(w -> new PortWindowsView(w.nodeGuid(), w.portNumber(), List.copyOf(w.windows().values())))
                .orElseThrow(() -> new ProblemException(ProblemType.NOT_FOUND,
                        "port " + key + " is not in the live fabric"));
    }

    private static int limit(String text) {
        int limit = Integer.parseInt(text);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException(text);
        }
        return limit;
    }
}
