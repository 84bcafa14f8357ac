package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

import java.util.function.Function;

/**
 * The {@link DerivedMetric}s of one port over one interval or window; each null when unknown.
 *
 * @param linkDataRateBitsPerSecond active width x lane data rate after encoding, null when the link is down
 * @param xmitBytesPerSecond        bytes sent per second (PortXmitData words x 4)
 * @param rcvBytesPerSecond         bytes received per second (PortRcvData words x 4)
 * @param xmitUtilisation           share of the link's data rate used sending, 0..1
 * @param rcvUtilisation            share of the link's data rate used receiving, 0..1
 * @param xmitPacketsPerSecond      packets sent per second
 * @param rcvPacketsPerSecond       packets received per second
 * @param xmitWaitShare             share of the time stalled with data to send (needs the device's tick)
 * @param symbolErrorBer            symbol errors per bit at the active link's data rate
 */
public record DerivedRates(Double linkDataRateBitsPerSecond, Double xmitBytesPerSecond, Double rcvBytesPerSecond,
                           Double xmitUtilisation, Double rcvUtilisation, Double xmitPacketsPerSecond,
                           Double rcvPacketsPerSecond, Double xmitWaitShare, Double symbolErrorBer) {

    /** Nothing known. */
    public static final DerivedRates NONE = new DerivedRates(null, null, null, null, null, null, null, null, null);

    /** Every derived metric from counter rates per second ({@code rate} answers null for a counter without one). */
    public static DerivedRates of(Function<PortCounter, Double> rate, LinkContext link) {
        return new DerivedRates(link.dataRateBitsPerSecond(),
                DerivedMetric.XmitBytesPerSecond.compute(rate, link),
                DerivedMetric.RcvBytesPerSecond.compute(rate, link),
                DerivedMetric.XmitUtilisation.compute(rate, link),
                DerivedMetric.RcvUtilisation.compute(rate, link),
                DerivedMetric.XmitPacketsPerSecond.compute(rate, link),
                DerivedMetric.RcvPacketsPerSecond.compute(rate, link),
                DerivedMetric.XmitWaitShare.compute(rate, link),
                DerivedMetric.SymbolErrorBer.compute(rate, link));
    }
}
