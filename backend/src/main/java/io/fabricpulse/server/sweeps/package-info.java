/**
 * Sharded switch sweeps (issue 22 part 4): several discover-role agents on one fabric split its switches, balanced
 * by port count, so each switch port is read by one agent per interval. Every replica computes the split from the
 * state store's rows ({@code sweep_member}, {@code sweep_reach}); the one that moves {@code sweep_plan.version} on
 * writes it, the others read it back, so an agent gets the same shard whichever replica it pushes to. The shard
 * rides back in the ingest answer and the agent's long-poll ({@link io.fabricpulse.server.ingest.SweepAssignments});
 * a member whose long-poll closed under it leaves at once ({@link io.fabricpulse.server.ingest.poll.AgentPolls}).
 */
package io.fabricpulse.server.sweeps;
