package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What one SMInfo query (what {@code sminfo} sends) answered, or that it went unanswered.
 *
 * @param lid           the LID the query went to; 0 when it went by directed route to a port without one
 * @param guid          SMInfo.GUID, the SM's port GUID (canonical); null when there was no answer
 * @param priority      SMInfo.Priority 0..15; null when there was no answer
 * @param state         SMInfo.SMState; null when there was no answer or the code is reserved (see {@code faults})
 * @param activityCount SMInfo.ActCount, a 32-bit counter the SM advances as it works (wraps); null without answer
 * @param registered    true for the SM the querying port names as its master (PortInfo MasterSMLID), false
 *                      for an SM found by a walk (a port with IsSM set)
 * @param via           the querying port, as {@code <node GUID>:<port>}
 * @param error         why there is no answer (time-out, error status); null when answered
 * @param faults        reserved or impossible values in the answer; null when none
 */
public record SubnetManagerReport(int lid, String guid, Integer priority, SmState state, Long activityCount,
                                  boolean registered, String via, String error,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) List<FieldFault> faults) {

    /** Whether the SM answered. */
    public boolean answered() {
        return error == null && guid != null;
    }
}
