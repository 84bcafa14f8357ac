package io.fabricpulse.server.alerting;

import java.time.Instant;

/**
 * Ports down on purpose: a person disabled them through the server (the commands feature answers). Such a port, and
 * the far end of its cable, is not a lost cable, so port-not-active stays quiet for it until the disable is older
 * than its grace (then it alerts: a port left disabled too long is worth a look).
 */
@FunctionalInterface
public interface IntendedDowns {

    IntendedDowns NONE = port -> null;

    /** Why {@code port} is down on purpose, null when it is not (or has been for longer than its grace). */
    IntendedDown of(PortRef port);

    /** Who disabled it, when, and why. */
    record IntendedDown(String by, Instant at, String reason) {
    }
}
