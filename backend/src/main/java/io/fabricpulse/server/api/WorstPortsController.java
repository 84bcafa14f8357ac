package io.fabricpulse.server.api;

import io.fabricpulse.server.fabric.FabricWindows;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.rates.DerivedMetric;
import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.series.PortSeriesKey;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.util.List;
import java.util.Set;

/**
 * Worst ports and per-port windows, answered from the windows the live fabric keeps in memory
 * (1 min, 5 min, 1 h, 24 h): no storage is touched, so these are cheap enough for wall screens and
 * alert context.
 */
@RestController
@RequestMapping("/api/v1/ports")
@Tag(name = "windows", description = "Worst ports and per-port windows from the in-memory 1m/5m/1h/24h windows")
class WorstPortsController {

    static final int DEFAULT_LIMIT = 10;
    static final int MAX_LIMIT = 1_000;

    private final FabricWindows windows;
    private final Clock clock;

    WorstPortsController(FabricWindows windows, Clock clock) {
        this.windows = windows;
        this.clock = clock;
    }

    @GetMapping("/worst")
    @Operation(summary = "The ports with the highest rate of a counter, or of a derived metric, over a window")
    @Parameter(in = ParameterIn.QUERY, name = "by", required = true,
            description = "a counter's IBA name (its rate per second over the window, e.g. SymbolErrorCounter, "
                    + "PortXmitDiscards) or a derived metric: XmitBytesPerSecond, RcvBytesPerSecond, XmitUtilisation, "
                    + "RcvUtilisation, XmitPacketsPerSecond, RcvPacketsPerSecond, XmitWaitShare, SymbolErrorBer")
    @Parameter(in = ParameterIn.QUERY, name = "window", description = "1m, 5m (default), 1h or 24h")
    @Parameter(in = ParameterIn.QUERY, name = "limit", description = "how many ports, 1 to 1000, default 10")
    WorstPorts worst(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("by", "window", "limit"));
        PortMetric metric = query.value("by", PortMetric::named,
                "must be a counter's IBA name (e.g. SymbolErrorCounter) or a derived metric (" + DerivedMetric.names() + ")");
        if (!query.has("by")) {
            query.invalid("by", "is required: a counter's IBA name or a derived metric such as XmitUtilisation");
        }
        RateWindow window = query.value("window", WorstPortsController::window, "must be one of " + RateWindow.labels());
        Integer limit = query.value("limit", WorstPortsController::limit,
                "must be a whole number from 1 to " + MAX_LIMIT);
        query.throwIfInvalid();
        RateWindow over = window == null ? RateWindow.FIVE_MINUTES : window;
        return new WorstPorts(metric.name(), over, clock.instant(),
                windows.worst(metric, over, limit == null ? DEFAULT_LIMIT : limit));
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

    private static RateWindow window(String label) {
        RateWindow window = RateWindow.ofLabel(label);
        if (window == null) {
            throw new IllegalArgumentException(label);
        }
        return window;
    }

    private static int limit(String text) {
        int limit = Integer.parseInt(text);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException(text);
        }
        return limit;
    }
}
