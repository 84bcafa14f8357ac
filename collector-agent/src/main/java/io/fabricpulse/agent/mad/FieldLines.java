package io.fabricpulse.agent.mad;

/** The dotted layout of infiniband-diags: the name, a colon, dots up to column 33, the value. */
public final class FieldLines {

    private static final int NAME_COLUMN = 32;

    private FieldLines() {
    }

    public static String line(String name, String value) {
        return name + ":" + dots(name) + value;
    }

    /** Dots after {@code name:}; libibmad pads names shorter than 32 characters, smpquery's nodedesc too. */
    static String dots(String name) {
        return name.length() < NAME_COLUMN ? ".".repeat(NAME_COLUMN - name.length()) : "";
    }
}
