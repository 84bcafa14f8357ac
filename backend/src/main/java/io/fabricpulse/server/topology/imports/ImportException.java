package io.fabricpulse.server.topology.imports;

import io.fabricpulse.model.topology.LineParseException;

/**
 * An uploaded file (node-name-map, fabrics.conf, a JSON topology) is broken at a known place; nothing
 * of it was used. Line 0 means the problem is not tied to a line (a JSON path names the place then).
 */
public final class ImportException extends LineParseException {

    public ImportException(int line, int column, String reason) {
        super(line, column, reason);
    }
}
