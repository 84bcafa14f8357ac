/**
 * The topology's tables: node names (node-name-map entries) and cluster groups (fabrics.conf sections),
 * keyed by node GUID, and saved topologies (ibnetdiscover text or JSON), the newest of which is the
 * baseline changes are found against.
 */
package io.fabricpulse.server.topology.store;
