package io.fabricpulse.server.topology.model;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

import java.util.Comparator;
import java.util.Set;

/**
 * A cable, its ends in {@link PortEnd} order so that the same cable is always the same record.
 *
 * @param a the lower end
 * @param b the higher end
 */
public record FabricLink(LinkEndState a, LinkEndState b) {

    private static final Comparator<LinkWidth> BY_LANES = Comparator.comparingInt(LinkWidth::lanes);

    public FabricLink {
        if (a.end().compareTo(b.end()) >= 0) {
            throw new IllegalArgumentException("link ends must be distinct and ordered: " + a.end() + " " + b.end());
        }
    }

    /** The link between two ends given in any order. */
    public static FabricLink between(LinkEndState one, LinkEndState other) {
        return one.end().compareTo(other.end()) < 0 ? new FabricLink(one, other) : new FabricLink(other, one);
    }

    public boolean touches(String nodeGuid) {
        return a.end().nodeGuid().equals(nodeGuid) || b.end().nodeGuid().equals(nodeGuid);
    }

    /** The active width: both ends run one width, so either end's known value. */
    public LinkWidth width() {
        return a.width() != null ? a.width() : b.width();
    }

    public LinkSpeed speed() {
        return a.speed() != null ? a.speed() : b.speed();
    }

    /** The widest width both ends support, null when either end's supported widths are unknown. */
    public LinkWidth bestCommonWidth() {
        return best(a.widthSupported(), b.widthSupported(), BY_LANES);
    }

    /** The fastest speed both ends support, null when either end's supported speeds are unknown. */
    public LinkSpeed bestCommonSpeed() {
        return best(a.speedSupported(), b.speedSupported(), Comparator.comparingDouble(LinkSpeed::laneGbps));
    }

    /** True when the cable runs narrower than both ends support (unknown: false). */
    public boolean belowSupportedWidth() {
        LinkWidth best = bestCommonWidth();
        return width() != null && best != null && width().lanes() < best.lanes();
    }

    /** True when the cable runs slower than both ends support (unknown: false). */
    public boolean belowSupportedSpeed() {
        LinkSpeed best = bestCommonSpeed();
        return speed() != null && best != null && speed().laneGbps() < best.laneGbps();
    }

    private static <T> T best(Set<T> one, Set<T> other, Comparator<T> order) {
        return one.stream().filter(other::contains).max(order).orElse(null);
    }
}
