/**
 * The agent's disk spool ({@link io.fabricpulse.agent.spool.DiskSpool}): a bounded directory of one file per
 * waiting batch, written before the batch is first sent and deleted once the server has answered for good, so
 * batches survive server outages and agent restarts and are replayed oldest first. Its own package because it
 * is about files, naming, recovery and locking; the pusher in {@code push} only sees the
 * {@link io.fabricpulse.agent.push.BatchBuffer} seam it implements. The file format is documented in
 * {@code SpoolFileFormat}, the naming in {@code SpoolNames}.
 */
package io.fabricpulse.agent.spool;
