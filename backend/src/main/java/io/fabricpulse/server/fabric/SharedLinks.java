package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.server.rates.LinkContext;
import io.fabricpulse.server.rates.XmitWaitTick;

/**
 * One {@link LinkContext} per distinct link, shared by every port on such a link: a fabric has a handful (width x
 * speed x tick), and a context and tick of its own were 48 bytes of every port (10 MB at 200,000 ports). Bounded:
 * past {@value #LIMIT} distinct contexts (Ethernet rates reported in odd steps) a port keeps its own.
 */
final class SharedLinks {

    private static final int LIMIT = 4096;

    private final SharedValues<LinkContext> known = new SharedValues<>(LIMIT);

    LinkContext of(LinkWidth width, LinkSpeed speed, Double ethernetGbps, XmitWaitTick tick) {
        return known.of(new LinkContext(width, speed, ethernetGbps, tick));
    }
}
