package io.fabricpulse.model.ingest;

/** SMInfo.SMState (IBA 14.2.5.13): the state of a subnet manager, codes 0..3; 4..15 are reserved. */
public enum SmState {
    NOT_ACTIVE(0), DISCOVERING(1), STANDBY(2), MASTER(3);

    private final int code;

    SmState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The state for a code, or null for a reserved one. */
    public static SmState ofCode(int code) {
        for (SmState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }
}
