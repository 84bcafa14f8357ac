package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.FieldFault;

import java.util.ArrayList;
import java.util.List;

/** Collects the reserved or impossible values of one answer; {@link #list()} is null when there are none. */
final class FaultList {

    private List<FieldFault> faults;

    void add(String field, long value, String problem) {
        if (faults == null) {
            faults = new ArrayList<>(2);
        }
        faults.add(new FieldFault(field, value, problem));
    }

    /** The faults, or null when the answer had none (the ingest schema leaves the field out then). */
    List<FieldFault> list() {
        return faults == null ? null : List.copyOf(faults);
    }
}
