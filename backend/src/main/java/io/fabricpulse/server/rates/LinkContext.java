package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * What the derived metrics of a port need beyond its counters: the active link (width x lane rate, or an
 * Ethernet port's rate) and what one PortXmitWait tick is, when known.
 *
 * <p>The lane rates of {@link LinkSpeed} are docs/FABRIC.md's data rates <em>after</em> line encoding:
 * SDR/DDR/QDR signal 2.5/5/10 Gbaud with 8b/10b (80 % payload: 2, 4, 8 Gb/s), FDR 14.0625 and EDR
 * 25.78125 Gbaud with 64b/66b (13.64, 25 Gb/s), HDR and NDR PAM4 at 53.125 and 106.25 Gb/s raw with
 * their FEC and 64b/66b framing (50, 100 Gb/s). Utilisation and BER are therefore against what the
 * link can carry as data, which is what PortXmitData/PortRcvData count.
 *
 * @param width            active InfiniBand width, null when the link is down, unknown or not InfiniBand
 * @param speed            active InfiniBand speed, null likewise
 * @param ethernetGbps     an Ethernet (RoCE) port's rate in Gb/s as its source reports it, null for InfiniBand
 * @param xmitWaitTick     what one PortXmitWait tick is on this device, null when unknown
 */
public record LinkContext(LinkWidth width, LinkSpeed speed, Double ethernetGbps, XmitWaitTick xmitWaitTick) {

    /** Nothing known: every derived metric that needs the link or the tick is absent. */
    public static final LinkContext UNKNOWN = new LinkContext(null, null, null, null);

    /** An InfiniBand link. */
    public LinkContext(LinkWidth width, LinkSpeed speed, XmitWaitTick xmitWaitTick) {
        this(width, speed, null, xmitWaitTick);
    }

    /**
     * The data rate of the active link in bits per second (width x lane data rate, or the Ethernet rate),
     * null when unknown.
     */
    public Double dataRateBitsPerSecond() {
        if (ethernetGbps != null) {
            return ethernetGbps * 1e9;
        }
        return width == null || speed == null ? null : speed.dataRateBitsPerSecond(width);
    }

    /** Whether this is an InfiniBand link: the symbol-error BER and the IB speed table apply only to those. */
    public boolean infiniBand() {
        return ethernetGbps == null;
    }

    /** One tick in seconds, null when unknown (no tick, or a byte-counted tick on a link that is down). */
    public Double xmitWaitTickSeconds() {
        return xmitWaitTick == null || !infiniBand() ? null : xmitWaitTick.seconds(width, speed);
    }
}
