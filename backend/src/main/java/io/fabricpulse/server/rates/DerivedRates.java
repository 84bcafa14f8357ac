package io.fabricpulse.server.rates;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabricpulse.model.ingest.PortCounter;

import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The {@link DerivedMetric}s of one port over one interval or window; each null when unknown. Reads and writes
 * (JSON) like a record of nine {@code Double}s, but holds primitives and a bit per known value: every port's
 * latest view keeps one, and nine boxes each were a tenth of a tracked port's heap (docs/PERFORMANCE.md).
 */
@JsonPropertyOrder({"linkDataRateBitsPerSecond", "xmitBytesPerSecond", "rcvBytesPerSecond", "xmitUtilisation",
        "rcvUtilisation", "xmitPacketsPerSecond", "rcvPacketsPerSecond", "xmitWaitShare", "symbolErrorBer"})
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.NONE, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
public final class DerivedRates {

    private static final int FIELDS = 9;

    /** Nothing known. */
    public static final DerivedRates NONE = new DerivedRates(null, null, null, null, null, null, null, null, null);

    /** In the order of the constructor's parameters. */
    private final double[] values;
    /** Bit i: {@code values[i]} is known. */
    private final int known;

    /**
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
    @JsonCreator
    public DerivedRates(@JsonProperty("linkDataRateBitsPerSecond") Double linkDataRateBitsPerSecond,
                        @JsonProperty("xmitBytesPerSecond") Double xmitBytesPerSecond,
                        @JsonProperty("rcvBytesPerSecond") Double rcvBytesPerSecond,
                        @JsonProperty("xmitUtilisation") Double xmitUtilisation,
                        @JsonProperty("rcvUtilisation") Double rcvUtilisation,
                        @JsonProperty("xmitPacketsPerSecond") Double xmitPacketsPerSecond,
                        @JsonProperty("rcvPacketsPerSecond") Double rcvPacketsPerSecond,
                        @JsonProperty("xmitWaitShare") Double xmitWaitShare,
                        @JsonProperty("symbolErrorBer") Double symbolErrorBer) {
        Double[] given = {linkDataRateBitsPerSecond, xmitBytesPerSecond, rcvBytesPerSecond, xmitUtilisation,
                rcvUtilisation, xmitPacketsPerSecond, rcvPacketsPerSecond, xmitWaitShare, symbolErrorBer};
        double[] kept = new double[FIELDS];
        int bits = 0;
        for (int i = 0; i < FIELDS; i++) {
            if (given[i] != null) {
                kept[i] = given[i];
                bits |= 1 << i;
            }
        }
        this.values = bits == 0 ? null : kept;
        this.known = bits;
    }

    /** From the values in the constructor's order, NaN where unknown; keeps the array. */
    private DerivedRates(double[] values) {
        int bits = 0;
        for (int i = 0; i < FIELDS; i++) {
            if (!Double.isNaN(values[i])) {
                bits |= 1 << i;
            }
        }
        this.values = bits == 0 ? null : values;
        this.known = bits;
    }

    /** Every derived metric from counter rates per second ({@code rate} answers NaN for a counter without one). */
    public static DerivedRates of(ToDoubleFunction<PortCounter> rate, LinkContext link) {
        Double linkRate = link.dataRateBitsPerSecond();
        return new DerivedRates(new double[]{linkRate == null ? Double.NaN : linkRate,
                DerivedMetric.XmitBytesPerSecond.compute(rate, link),
                DerivedMetric.RcvBytesPerSecond.compute(rate, link),
                DerivedMetric.XmitUtilisation.compute(rate, link),
                DerivedMetric.RcvUtilisation.compute(rate, link),
                DerivedMetric.XmitPacketsPerSecond.compute(rate, link),
                DerivedMetric.RcvPacketsPerSecond.compute(rate, link),
                DerivedMetric.XmitWaitShare.compute(rate, link),
                DerivedMetric.SymbolErrorBer.compute(rate, link)});
    }

    private Double value(int field) {
        return (known & 1 << field) == 0 ? null : values[field];
    }

    @JsonProperty
    public Double linkDataRateBitsPerSecond() {
        return value(0);
    }

    @JsonProperty
    public Double xmitBytesPerSecond() {
        return value(1);
    }

    @JsonProperty
    public Double rcvBytesPerSecond() {
        return value(2);
    }

    @JsonProperty
    public Double xmitUtilisation() {
        return value(3);
    }

    @JsonProperty
    public Double rcvUtilisation() {
        return value(4);
    }

    @JsonProperty
    public Double xmitPacketsPerSecond() {
        return value(5);
    }

    @JsonProperty
    public Double rcvPacketsPerSecond() {
        return value(6);
    }

    @JsonProperty
    public Double xmitWaitShare() {
        return value(7);
    }

    @JsonProperty
    public Double symbolErrorBer() {
        return value(8);
    }

    /** Equal as the records it replaces were: field by field, {@link Double#equals} (so NaN equals NaN). */
    @Override
    public boolean equals(Object other) {
        if (!(other instanceof DerivedRates that) || known != that.known) {
            return false;
        }
        for (int i = 0; i < FIELDS; i++) {
            if ((known & 1 << i) != 0 && Double.doubleToLongBits(values[i]) != Double.doubleToLongBits(that.values[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = known;
        for (int i = 0; i < FIELDS; i++) {
            hash = 31 * hash + Objects.hashCode(value(i));
        }
        return hash;
    }

    @Override
    public String toString() {
        return "DerivedRates[linkDataRateBitsPerSecond=" + linkDataRateBitsPerSecond() + ", xmitBytesPerSecond="
                + xmitBytesPerSecond() + ", rcvBytesPerSecond=" + rcvBytesPerSecond() + ", xmitUtilisation="
                + xmitUtilisation() + ", rcvUtilisation=" + rcvUtilisation() + ", xmitPacketsPerSecond="
                + xmitPacketsPerSecond() + ", rcvPacketsPerSecond=" + rcvPacketsPerSecond() + ", xmitWaitShare="
                + xmitWaitShare() + ", symbolErrorBer=" + symbolErrorBer() + "]";
    }
}
