package io.fabricpulse.server.jobs;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.routes.RouteStatus;
import io.fabricpulse.server.routes.RouteTable;
import io.fabricpulse.server.routes.RouteTrace;
import io.fabricpulse.server.topology.model.PortEnd;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * {@code GET /api/v1/links/{guid}/{port}/routes}: what crosses the cable at that port: the host pairs routed
 * over it in each direction, and the jobs with pairs of nodes routed over it (and those on its nodes) running
 * now, or at some time in {@code from}..{@code to}. The routes are those in force (a window in the past is
 * checked against today's routes, which is said in {@code routes}).
 */
@RestController
@Tag(name = "jobs", description = "Scheduler jobs per node over time, and the cables and alerts that touch them")
class LinkRoutesController {

    private final LinkJobs linkJobs;
    private final JobRoutes routes;
    private final JobDetails details;
    private final JobHistory history;
    private final Clock clock;

    LinkRoutesController(LinkJobs linkJobs, JobRoutes routes, JobDetails details, JobHistory history, Clock clock) {
        this.linkJobs = linkJobs;
        this.routes = routes;
        this.details = details;
        this.history = history;
        this.clock = clock;
    }

    /**
     * @param from      the port asked about
     * @param to        the far end of its cable
     * @param pairsOut  host pairs routed out of {@code from} onto the cable
     * @param pairsIn   host pairs routed in from {@code to}
     * @param jobs      jobs hurt, running first; {@code pairsFromA} leave {@code from}, {@code pairsFromB} leave {@code to}
     * @param routes    whether the routes can be trusted
     * @param data      how fresh the job data is
     */
    record LinkRoutes(RouteTrace.Port from, RouteTrace.Port to, int pairsOut, int pairsIn, Instant windowFrom,
                      Instant windowTo, List<LinkJobs.LinkJob> jobs, List<String> notes, RouteStatus routes,
                      JobData data) {
    }

    @GetMapping("/api/v1/links/{guid}/{port}/routes")
    @Operation(summary = "Host pairs routed over a cable each way, and the jobs whose traffic can cross it")
    Mono<LinkRoutes> routes(@PathVariable String guid, @PathVariable String port, ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("from", "to"));
        PortEnd end = end(query, guid, port);
        Instant from = query.instant("from");
        Instant to = query.instant("to");
        Instant now = clock.instant();
        Instant windowTo = to != null ? to : now;
        Instant windowFrom = from != null ? from : windowTo;
        if (windowFrom.isAfter(windowTo)) {
            query.invalid("from", "must not be after to (" + windowTo + ")");
        }
        query.throwIfInvalid();
        RouteTable table = routes.table();
        return details.far(end).flatMap(far -> linkJobs.of(Set.of(end.nodeGuid(), far.nodeGuid()), end, far,
                windowFrom, windowTo).map(found -> {
            RouteTable.LinkLoad load = table.load(end).orElse(new RouteTable.LinkLoad(0, 0));
            return new LinkRoutes(table.port(end).orElseThrow(), table.far(end).orElseThrow(), load.out(), load.in(),
                    windowFrom, windowTo, found.jobs(), found.notes(), routes.status(), history.data());
        }));
    }

    private static PortEnd end(ReadQuery query, String guid, String port) {
        String canonical = null;
        try {
            canonical = Guids.format(Guids.parse(guid));
        } catch (IllegalArgumentException e) {
            query.invalid("guid", "must be a node GUID such as 0x0002c903003178f0");
        }
        int number = -1;
        try {
            number = Integer.parseInt(port.strip());
        } catch (NumberFormatException e) {
            // below
        }
        if (number < 1 || number > 254) {
            query.invalid("port", "must be a port number from 1 to 254");
        }
        query.throwIfInvalid();
        return new PortEnd(canonical, number);
    }
}
