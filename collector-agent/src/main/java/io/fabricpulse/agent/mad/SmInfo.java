package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.SmState;

import java.util.List;

/**
 * SMP SMInfo, decoded. The state is kept as its raw code: 0..3 are the IBA states, 4..15 reserved, which
 * {@link #state()} answers as null and {@link #faults()} names, never as a state that would look plausible.
 *
 * @param guid          the SM's port GUID
 * @param activityCount ActCount: advanced by the SM as it works (opensm: every SMP it sends, answers included)
 * @param priority      0..15, the higher wins the election
 * @param stateCode     SMState as read
 */
public record SmInfo(long guid, long activityCount, int priority, int stateCode) {

    public static SmInfo decode(MadData data) {
        return new SmInfo(data.get(SmInfoField.SmInfoGuid), data.get(SmInfoField.SmActivity),
                (int) data.get(SmInfoField.SmPriority), (int) data.get(SmInfoField.SmState));
    }

    /** The state, null for a reserved code. */
    public SmState state() {
        return SmState.ofCode(stateCode);
    }

    /** Reserved or impossible values: a reserved state, a GUID of zero. */
    public List<FieldFault> faults() {
        FaultList faults = new FaultList();
        if (state() == null) {
            faults.add("SmState", stateCode, "reserved (IBA: 0 not active, 1 discovering, 2 standby, 3 master)");
        }
        if (guid == 0) {
            faults.add("SmInfoGuid", 0, "zero is no port GUID");
        }
        return faults.list();
    }

    /** The state as {@code sminfo} prints it: {@code SMINFO_MASTER}, or {@code ???} for a reserved code. */
    public String stateName() {
        return switch (stateCode) {
            case 0 -> "SMINFO_NOTACT";
            case 1 -> "SMINFO_DISCOVER";
            case 2 -> "SMINFO_STANDBY";
            case 3 -> "SMINFO_MASTER";
            default -> "???";
        };
    }
}
