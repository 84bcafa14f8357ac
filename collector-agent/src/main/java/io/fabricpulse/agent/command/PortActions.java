package io.fabricpulse.agent.command;

import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.command.CommandResult;

/** What executes an order on the fabric. */
public interface PortActions {

    /** Zeroes the port's counters; the answer carries the counters as read just before. */
    CommandResult clearCounters(String agentId, KnownPorts.Target port) throws InterruptedException;

    /** Disables, enables or bounces (disable, a pause, enable) the port; {@code kind} is one of those three. */
    CommandResult setPortState(String agentId, KnownPorts.Target port, CommandKind kind) throws InterruptedException;
}
