package io.fabricpulse.server.routes;

import java.util.List;

/**
 * The routes in force and whether to trust them.
 *
 * @param summary      what the latest build found
 * @param stale        true when a reason below holds: the routes may not be what the fabric does now
 * @param staleReasons why, one sentence each
 */
public record RouteStatus(RouteSummary summary, boolean stale, List<String> staleReasons) {

    public RouteStatus {
        staleReasons = List.copyOf(staleReasons);
    }
}
