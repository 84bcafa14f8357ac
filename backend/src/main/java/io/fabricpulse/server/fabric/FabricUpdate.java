package io.fabricpulse.server.fabric;

import java.time.Instant;
import java.util.List;

/**
 * What one ingested batch changed.
 *
 * @param at      collection time of the batch
 * @param agentId agent that sent it
 * @param ports   the ports it touched, with their new values
 */
public record FabricUpdate(Instant at, String agentId, List<PortView> ports) {
}
