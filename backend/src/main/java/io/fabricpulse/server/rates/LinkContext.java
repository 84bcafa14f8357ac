package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

import java.time.Duration;

/**
 * What the derived metrics of a port need beyond its counters: the active link (width x lane rate)
 * and the length of one PortXmitWait tick, when known.
 *
 * <p>The lane rates of {@link LinkSpeed} are docs/FABRIC.md's data rates <em>after</em> line encoding:
 * SDR/DDR/QDR signal 2.5/5/10 Gbaud with 8b/10b (80 % payload: 2, 4, 8 Gb/s), FDR 14.0625 and EDR
 * 25.78125 Gbaud with 64b/66b (13.64, 25 Gb/s), HDR and NDR PAM4 at 53.125 and 106.25 Gb/s raw with
 * their FEC and 64b/66b framing (50, 100 Gb/s). Utilisation and BER are therefore against what the
 * link can carry as data, which is what PortXmitData/PortRcvData count.
 *
 * @param width        active width, null when the link is down or unknown
 * @param speed        active speed, null when the link is down or unknown
 * @param xmitWaitTick duration of one PortXmitWait tick on this device, null when unknown
 */
public record LinkContext(LinkWidth width, LinkSpeed speed, Duration xmitWaitTick) {

    /** Nothing known: every derived metric that needs the link or the tick is absent. */
    public static final LinkContext UNKNOWN = new LinkContext(null, null, null);

    /** The data rate of the active link in bits per second (width x lane data rate), null when unknown. */
    public Double dataRateBitsPerSecond() {
        return width == null || speed == null ? null : speed.dataRateBitsPerSecond(width);
    }

    /** One tick in seconds, null when unknown. */
    public Double xmitWaitTickSeconds() {
        return xmitWaitTick == null ? null : xmitWaitTick.toNanos() / 1e9;
    }
}
