package io.fabricpulse.agent.sim;

import io.fabricpulse.model.topology.LineParseException;

/** A sim fault script is broken or names a port the topology does not have; {@link #line()} says where. */
public final class FaultScriptException extends LineParseException {

    public FaultScriptException(int line, int column, String reason) {
        super(line, column, reason);
    }
}
