package io.fabricpulse.model.command;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What an order asks an agent to do to one port. */
public enum CommandKind {
    /** PortCounters Set of every counter (and PortCountersExtended Set where the port has it), as {@code perfquery -R}. */
    @JsonProperty("clear-counters") CLEAR_COUNTERS("clear-counters"),
    /** PortInfo Set with PhysPortState Disabled, as {@code ibportstate <lid> <port> disable}. */
    @JsonProperty("port-disable") PORT_DISABLE("port-disable"),
    /** PortInfo Set with PhysPortState Polling, as {@code ibportstate <lid> <port> enable}. */
    @JsonProperty("port-enable") PORT_ENABLE("port-enable"),
    /** Disable, a pause, enable. */
    @JsonProperty("port-bounce") PORT_BOUNCE("port-bounce");

    private final String id;

    CommandKind(String id) {
        this.id = id;
    }

    /** The kind's name on the wire, in the state store and in audit actions. */
    public String id() {
        return id;
    }

    /** Whether it changes the port's state (the agent's port-control option), rather than clearing counters. */
    public boolean portControl() {
        return this != CLEAR_COUNTERS;
    }

    /** @throws IllegalArgumentException naming the kinds when {@code id} is none of them */
    public static CommandKind of(String id) {
        for (CommandKind kind : values()) {
            if (kind.id.equals(id)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown command kind '" + id + "'");
    }
}
