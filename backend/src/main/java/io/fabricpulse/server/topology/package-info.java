/**
 * The fabric's structure and its changes: the live topology from the agents' batches
 * ({@link io.fabricpulse.server.topology.TopologyChanges}), the baseline it is compared with, the
 * changes as events, imports (ibnetdiscover dumps, node-name-maps, fabrics.conf) and exports, and the
 * topology API. See docs/TOPOLOGY.md.
 */
package io.fabricpulse.server.topology;
