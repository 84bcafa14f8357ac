package io.fabricpulse.server.ingest;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The answer to an accepted or replayed batch.
 *
 * @param status   {@code accepted} (applied now) or {@code duplicate} (seen before, not applied again)
 * @param agentId  the batch's agent
 * @param sequence the batch's sequence number
 * @param ports    ports in the batch
 */
public record IngestAck(Status status, String agentId, long sequence, int ports) {

    public enum Status {
        @JsonProperty("accepted") ACCEPTED,
        @JsonProperty("duplicate") DUPLICATE
    }
}
