package io.fabricpulse.server.topology;

/** What differs between the live fabric and the baseline. */
public enum ChangeKind {
    /** A node the baseline does not have. Its cables are part of this change, not separate ones. */
    NODE_ADDED,
    /** A baseline node that is gone; its cables are part of this change. */
    NODE_MISSING,
    /** A cable between two baseline ports that the baseline does not have, neither end re-cabled. */
    LINK_ADDED,
    /** A baseline cable whose ports are both unplugged now. */
    LINK_MISSING,
    /** A baseline cable of which at least one end is plugged somewhere else now. */
    LINK_MOVED,
    /** A cable running below the width or speed both ends support, and below the baseline's rate. */
    LINK_DEGRADED,
    /** A cabled port whose logical state differs from the baseline's. */
    PORT_STATE_CHANGED
}
