/**
 * One dense number for every port the server has seen ({@link io.fabricpulse.server.ports.PortIndex}), and tables
 * of per-port state by that number ({@link io.fabricpulse.server.ports.PortTable}): each feature that keeps
 * something per port keeps it in a table slot of 4 bytes, instead of a map entry, a key and a table share of its own
 * (~56 bytes a port and feature at 200,000 ports, docs/PERFORMANCE.md). Depends on nothing in the server.
 */
package io.fabricpulse.server.ports;
