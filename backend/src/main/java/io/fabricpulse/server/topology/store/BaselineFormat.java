package io.fabricpulse.server.topology.store;

/** How a saved topology is written down. */
public enum BaselineFormat {
    /** The text {@code ibnetdiscover} prints (and {@code fabricpulse-agent discover}). */
    IBNETDISCOVER,
    /** FabricPulse's own JSON topology document. */
    JSON
}
