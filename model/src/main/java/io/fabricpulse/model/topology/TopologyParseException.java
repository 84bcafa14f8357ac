package io.fabricpulse.model.topology;

/**
 * A topology file (ibnetdiscover or ibsim format) is broken; {@link #line()} says where and
 * {@link #reason()} what was expected. {@link TopologyParser} throws nothing else for bad input.
 */
public final class TopologyParseException extends LineParseException {

    public TopologyParseException(int line, int column, String reason) {
        super(line, column, reason);
    }
}
