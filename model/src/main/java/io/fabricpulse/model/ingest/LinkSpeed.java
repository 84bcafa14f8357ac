package io.fabricpulse.model.ingest;

/** Link speed with its data rate per lane after encoding (docs/FABRIC.md, "Port state and links"). */
public enum LinkSpeed {
    SDR(2.0), DDR(4.0), QDR(8.0), FDR10(10.0), FDR(13.64), EDR(25.0), HDR(50.0), NDR(100.0), XDR(200.0);

    /** {@link #values()} without its copy per call. */
    private static final LinkSpeed[] VALUES = values();

    private final double laneGbps;

    LinkSpeed(double laneGbps) {
        this.laneGbps = laneGbps;
    }

    /** Data rate of one lane in Gb/s, after line encoding. */
    public double laneGbps() {
        return laneGbps;
    }

    /** Data rate of a link of this speed and {@code width}, in bits per second. */
    public double dataRateBitsPerSecond(LinkWidth width) {
        return laneGbps * 1e9 * width.lanes();
    }

    /** The speed named {@code name} ("EDR", case-insensitive), or null. */
    public static LinkSpeed ofName(String name) {
        for (LinkSpeed s : VALUES) {
            if (s.name().equals(name)) { // as the server's own views write it: rules read it every sample
                return s;
            }
        }
        for (LinkSpeed s : VALUES) {
            if (s.name().equalsIgnoreCase(name)) {
                return s;
            }
        }
        return null;
    }
}
