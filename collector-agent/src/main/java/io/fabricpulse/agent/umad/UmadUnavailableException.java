package io.fabricpulse.agent.umad;

/**
 * The umad source cannot work on this host, with the reason in words an operator can act on. The
 * source selector falls back to sysfs on it; {@code doctor} prints it.
 */
public final class UmadUnavailableException extends Exception {

    /** Why umad cannot be used. */
    public enum Reason {
        /** libibumad.so.3 is not installed */
        LIBRARY_MISSING,
        /** umad_init failed or no RDMA device is visible */
        NO_DEVICE,
        /** a umad device exists but this user may not open it */
        PERMISSION_DENIED,
        /** devices exist but none has an InfiniBand port that is up */
        NO_ACTIVE_PORT,
        /** the port could be found but not opened or registered */
        OPEN_FAILED
    }

    private final Reason reason;

    public UmadUnavailableException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public UmadUnavailableException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
