package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.server.rates.LinkContext;
import io.fabricpulse.server.rates.XmitWaitTick;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@link LinkContext} per distinct link, shared by every port on such a link: a fabric has a handful (width x
 * speed x tick), and a context and tick of its own were 48 bytes of every port (10 MB at 200,000 ports). Bounded:
 * past {@value #LIMIT} distinct contexts (Ethernet rates reported in odd steps) a port keeps its own.
 */
final class SharedLinks {

    private static final int LIMIT = 4096;

    private final Map<LinkContext, LinkContext> known = new ConcurrentHashMap<>();

    LinkContext of(LinkWidth width, LinkSpeed speed, Double ethernetGbps, XmitWaitTick tick) {
        LinkContext context = new LinkContext(width, speed, ethernetGbps, tick);
        return known.size() < LIMIT ? known.computeIfAbsent(context, c -> c) : known.getOrDefault(context, context);
    }
}
