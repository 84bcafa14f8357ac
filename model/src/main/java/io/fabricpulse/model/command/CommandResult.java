package io.fabricpulse.model.command;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Map;

/**
 * An agent's answer to one order ({@code POST /api/v1/ingest/commands/{id}}).
 *
 * @param agentId        the answering agent (checked against its credential; a shared token names any agent)
 * @param outcome        what came of it
 * @param message        one line for people: what was done, or why not
 * @param countersBefore for a clear: the port's counters as read just before it, by IBA name; else null
 */
public record CommandResult(String agentId, Outcome outcome, String message,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Long> countersBefore) {

    /** The answer of an agent whose configuration does not allow the order. */
    public static final String REFUSED_BY_POLICY = "refused by agent policy";

    public enum Outcome {
        /** Done: the device answered the Set. */
        @JsonProperty("done") DONE,
        /** Tried and failed (no answer, an error status), or refused: the message says which. */
        @JsonProperty("failed") FAILED,
        /** Not tried: not allowed by the agent's configuration, not one of its ports, or past its expiry. */
        @JsonProperty("refused") REFUSED
    }
}
