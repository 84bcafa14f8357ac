/** Node names (node-name-map entries) and cluster groups (fabrics.conf sections), keyed by node GUID. */
package io.fabricpulse.server.state.names;
