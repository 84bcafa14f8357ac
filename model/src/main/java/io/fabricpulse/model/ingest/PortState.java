package io.fabricpulse.model.ingest;

/** Logical port state, PortInfo.PortState 1..4 (sysfs {@code state} "4: ACTIVE"). */
public enum PortState {
    DOWN(1), INIT(2), ARMED(3), ACTIVE(4);

    private final int code;

    PortState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The state for an IBA code, or null for 0 (no state change) and unknown codes. */
    public static PortState ofCode(int code) {
        for (PortState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }
}
