package io.fabricpulse.model.topology;

/**
 * A text file that FabricPulse reads line by line (a topology file, a sim fault script) is broken
 * at a known place. Checked on purpose: every caller must decide what a bad file means for it
 * (refuse to start, reject an upload), and nothing half-read is ever used.
 */
public class LineParseException extends Exception {

    private final int line;
    private final int column;
    private final String reason;

    /**
     * @param line   1-based line number
     * @param column 1-based column, or 0 when the problem concerns the whole line
     * @param reason what was wrong or what was expected, in words a person can act on
     */
    public LineParseException(int line, int column, String reason) {
        super(column > 0 ? "line " + line + ", column " + column + ": " + reason : "line " + line + ": " + reason);
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    /** 1-based line number of the problem. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem, 0 when it concerns the whole line. */
    public int column() {
        return column;
    }

    /** The problem without its position. */
    public String reason() {
        return reason;
    }
}
