/**
 * Fabric topology files: the ibnetdiscover format that ibsim reads ({@link io.fabricpulse.model.topology.TopologyParser},
 * {@link io.fabricpulse.model.topology.TopologyWriter}) and the immutable model they share
 * ({@link io.fabricpulse.model.topology.Topology}: nodes, their addressable ports, and each cable once).
 * Parsing is strict about structure and reports every problem as a
 * {@link io.fabricpulse.model.topology.TopologyParseException} with its line; writing then reading gives back an
 * equal topology. {@link io.fabricpulse.model.topology.LineCursor} is the line tokenizer other line-based formats
 * reuse (the agent's fault scripts, the server's node-name maps and fabrics.conf imports).
 */
package io.fabricpulse.model.topology;
