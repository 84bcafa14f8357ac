/**
 * Routes: what crosses each cable. A {@code discover}-role agent reads every switch's linear forwarding table
 * ({@link io.fabricpulse.server.routes.ForwardingTableStore} keeps the newest of each);
 * {@link io.fabricpulse.server.routes.RouteBuilder} walks them over the live topology into a compact
 * {@link io.fabricpulse.server.routes.RouteTable} (every host pair's route, the pairs over each cable direction);
 * {@link io.fabricpulse.server.routes.RouteService} keeps it current and says when it is stale. docs/ROUTES.md.
 */
package io.fabricpulse.server.routes;
