package io.fabricpulse.model.ingest;

/** Physical port state, PortInfo.PortPhysicalState 1..7 (sysfs {@code phys_state} "5: LinkUp"). */
public enum PhysicalState {
    SLEEP(1), POLLING(2), DISABLED(3), TRAINING(4), LINK_UP(5), LINK_ERROR_RECOVERY(6), PHY_TEST(7);

    private final int code;

    PhysicalState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The state for an IBA code, or null for unknown codes. */
    public static PhysicalState ofCode(int code) {
        for (PhysicalState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }
}
