package io.fabricpulse.model.ingest;

/** Link width; the code is the PortInfo.LinkWidth* bit (1=1X 2=4X 4=8X 8=12X 16=2X). */
public enum LinkWidth {
    X1("1X", 1, 1), X2("2X", 2, 16), X4("4X", 4, 2), X8("8X", 8, 4), X12("12X", 12, 8);

    /** {@link #values()} without its copy per call. */
    private static final LinkWidth[] VALUES = values();

    private final String label;
    private final int lanes;
    private final int bit;

    LinkWidth(String label, int lanes, int bit) {
        this.label = label;
        this.lanes = lanes;
        this.bit = bit;
    }

    /** As people and the tools write it: "4X". */
    public String label() {
        return label;
    }

    public int lanes() {
        return lanes;
    }

    /** The bit of this width in PortInfo's LinkWidthActive/Supported/Enabled fields. */
    public int bit() {
        return bit;
    }

    /** The width for a label such as "4X" (case-insensitive), or null. */
    public static LinkWidth ofLabel(String label) {
        for (LinkWidth w : VALUES) {
            if (w.label.equals(label)) { // as the server's own views write it: rules read it every sample
                return w;
            }
        }
        for (LinkWidth w : VALUES) {
            if (w.label.equalsIgnoreCase(label)) {
                return w;
            }
        }
        return null;
    }

    /** The width whose bit is {@code bit} (a single-bit active width), or null. */
    public static LinkWidth ofBit(int bit) {
        for (LinkWidth w : values()) {
            if (w.bit == bit) {
                return w;
            }
        }
        return null;
    }
}
