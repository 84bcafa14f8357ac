package io.fabricpulse.server.web.node;

import io.fabricpulse.server.commands.CommandView;
import io.fabricpulse.server.web.DisplayFormat;

/**
 * One order on a port as its page lists it: what, who asked, why, and what came of it.
 *
 * @param askedAt   when it was asked for, in the page's zone
 * @param kind      clear-counters, port-disable, port-enable, port-bounce
 * @param by        who asked
 * @param reason    why
 * @param state     queued, sent, done, failed, expired
 * @param answer    the agent's answer (or why it expired); empty before
 * @param agent     the agent that took it; empty before
 */
public record PortActionLine(String askedAt, String kind, String by, String reason, String state, String answer,
                             String agent) {

    static PortActionLine of(CommandView command, DisplayFormat format) {
        return new PortActionLine(format.dateTime(command.createdAt()), command.kind(), command.requestedBy(),
                command.reason(), command.state(), command.answer() == null ? "" : command.answer(),
                command.agentId() == null ? "" : command.agentId());
    }
}
