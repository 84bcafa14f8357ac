package io.fabricpulse.agent.push;

import java.util.Objects;

/**
 * One server the agent delivers every batch to, with the buffer its undelivered batches wait in: each
 * server replica gets its own (docs/DEPLOYMENT.md, "Several replicas"), so one that is down or cut off
 * gets its backlog, oldest first, when it can take it again, and never holds up the others.
 *
 * @param endpoint where and as whom to push
 * @param buffer   this server's waiting batches (its own spool directory, or memory)
 */
public record ServerLane(IngestEndpoint endpoint, BatchBuffer buffer) {

    public ServerLane {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(buffer, "buffer");
    }
}
