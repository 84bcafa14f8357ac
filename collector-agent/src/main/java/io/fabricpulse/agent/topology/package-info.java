/**
 * Fabric topology files: the ibnetdiscover format that ibsim reads ({@link io.fabricpulse.agent.topology.TopologyParser},
 * {@link io.fabricpulse.agent.topology.TopologyWriter}) and the immutable model they share
 * ({@link io.fabricpulse.agent.topology.Topology}: nodes, their addressable ports, and each cable once).
 * Parsing is strict about structure and reports every problem as a
 * {@link io.fabricpulse.agent.topology.TopologyParseException} with its line; writing then reading gives back an
 * equal topology. {@link io.fabricpulse.agent.topology.LineCursor} is the line tokenizer other line-based formats
 * of the agent reuse.
 */
package io.fabricpulse.agent.topology;
