package io.fabricpulse.agent.command;

import io.fabricpulse.model.command.CommandKind;

/**
 * What this agent's configuration lets the server order: nothing unless the agent was started with the option.
 *
 * @param clearCounters {@code --allow-counter-clear}: PortCounters Set on the ports it reads
 * @param portControl   {@code --allow-port-control}: PortInfo Set (disable, enable, bounce) on the ports it reads
 */
public record CommandPolicy(boolean clearCounters, boolean portControl) {

    /** What an agent started without either option allows: nothing. */
    public static final CommandPolicy NONE = new CommandPolicy(false, false);

    public boolean allows(CommandKind kind) {
        return kind.portControl() ? portControl : clearCounters;
    }
}
