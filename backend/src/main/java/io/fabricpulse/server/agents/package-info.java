/**
 * Agents and what they may report: per-agent credentials (issued by an admin, or enrolled with a
 * bootstrap token), the binding of each agent to its own nodes and the switch ports its cables reach
 * (a discover agent: the switches of the fabric it walks), and the bounds on what agents can make the
 * server remember. {@link io.fabricpulse.server.agents.AgentScopes} is ingest's
 * {@link io.fabricpulse.server.ingest.BatchAdmission}.
 */
package io.fabricpulse.server.agents;
