package io.fabricpulse.server.routes;

import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.Set;

/**
 * {@code GET /api/v1/routes}: the routes in force (when built, from how many tables, pairs with and without a
 * route, why they may be stale); {@code GET /api/v1/routes/{sourceLid}/{destinationLid}}: one route hop by hop,
 * what {@code ibtracert} prints, from the tables the server has (no MAD is sent). LIDs in decimal or 0x hex.
 */
@RestController
@RequestMapping("/api/v1/routes")
class RouteController {

    private final RouteService routes;

    RouteController(RouteService routes) {
        this.routes = routes;
    }

    @GetMapping
    RouteStatus status(ServerHttpRequest request) {
        new ReadQuery(request.getQueryParams(), Set.of()).throwIfInvalid();
        return routes.status();
    }

    /** One route and whether the tables it comes from are to be trusted. */
    record TraceView(RouteTrace route, boolean stale, java.util.List<String> staleReasons) {
    }

    @GetMapping("/{sourceLid}/{destinationLid}")
    TraceView trace(@PathVariable String sourceLid, @PathVariable String destinationLid, ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of());
        int from = lid(query, "sourceLid", sourceLid);
        int to = lid(query, "destinationLid", destinationLid);
        query.throwIfInvalid();
        RouteStatus status = routes.status();
        RouteTrace trace = routes.current().trace(from, to).orElseThrow(() -> new ProblemException(ProblemType.NOT_FOUND,
                "no port of the live fabric has LID " + (routes.current().trace(from, from).isEmpty() ? from : to)));
        return new TraceView(trace, status.stale(), status.staleReasons());
    }

    private static int lid(ReadQuery query, String name, String text) {
        String value = text.strip();
        try {
            int lid = value.startsWith("0x") || value.startsWith("0X") ? Integer.parseInt(value.substring(2), 16)
                    : Integer.parseInt(value);
            if (lid >= 1 && lid <= 0xBFFF) {
                return lid;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        String shown = value.length() > 20 ? value.substring(0, 20) + "…" : value;
        query.invalid(name, "must be a unicast LID, 1 to 49151 (decimal or 0x hex), got '" + shown + "'");
        return 0;
    }
}
