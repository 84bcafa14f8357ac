/**
 * The subnet managers as the agents' SMInfo queries find them (what {@code sminfo} shows, for the SM each
 * port names and, from a discover-role agent, every port with IsSM set): the registry, its state store table,
 * {@code GET /api/v1/subnet-managers}. The alert rules on them live in {@code alerting.sm}. See
 * docs/ARCHITECTURE.md, "Subnet managers".
 */
package io.fabricpulse.server.sm;
