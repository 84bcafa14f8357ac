package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * A cable between two ports, listed once however often the file mentions it. The ends are kept
 * in {@link LinkEnd} order ({@code a < b}) so that equal links are equal records.
 *
 * @param a     the lower end
 * @param b     the higher end
 * @param width active width as the file states it, null when it does not
 * @param speed active speed as the file states it, null when it does not
 */
public record Link(LinkEnd a, LinkEnd b, LinkWidth width, LinkSpeed speed) {

    public Link {
        if (a == null || b == null) {
            throw new IllegalArgumentException("a link needs two ends");
        }
        if (a.compareTo(b) >= 0) {
            throw new IllegalArgumentException("link ends must be distinct and ordered: " + a + " " + b
                    + " (use Link.between)");
        }
    }

    /** The link between two ends given in any order. */
    public static Link between(LinkEnd one, LinkEnd other, LinkWidth width, LinkSpeed speed) {
        return one.compareTo(other) < 0 ? new Link(one, other, width, speed) : new Link(other, one, width, speed);
    }

    /** True when {@code end} is one of this link's ends. */
    public boolean touches(LinkEnd end) {
        return a.equals(end) || b.equals(end);
    }

    /** The end opposite {@code end}, which must be one of this link's ends. */
    public LinkEnd otherEnd(LinkEnd end) {
        if (a.equals(end)) {
            return b;
        }
        if (b.equals(end)) {
            return a;
        }
        throw new IllegalArgumentException(end + " is not an end of " + this);
    }
}
