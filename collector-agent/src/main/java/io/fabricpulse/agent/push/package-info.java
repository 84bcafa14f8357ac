/**
 * Getting batches to the server: the poll loop ({@link io.fabricpulse.agent.push.Collector}, step-aligned,
 * never overlapping), the pusher ({@link io.fabricpulse.agent.push.Pusher}: one push in flight, retries with
 * backoff bounded by batch age) with its buffer seam for a disk spool
 * ({@link io.fabricpulse.agent.push.BatchBuffer}), and {@link io.fabricpulse.agent.push.AgentRuntime}, which
 * wires source → collector → pusher and stops them in order.
 */
package io.fabricpulse.agent.push;
