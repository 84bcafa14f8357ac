package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The numbers a NOC reads off a port that no single counter gives: each computed from counter rates
 * (per second) and the {@link LinkContext}. Absent (null) whenever an input is absent, never a guess.
 */
public enum DerivedMetric {
    /** Transmitted bytes per second: PortXmitData counts 4-byte words. */
    XmitBytesPerSecond {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return rate.applyAsDouble(PortCounter.PortXmitData) * BYTES_PER_WORD;
        }
    },
    /** Received bytes per second: PortRcvData counts 4-byte words. */
    RcvBytesPerSecond {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return rate.applyAsDouble(PortCounter.PortRcvData) * BYTES_PER_WORD;
        }
    },
    /** Share of the link's data rate used for sending, 0..1 (bits sent / (width x lane data rate)). */
    XmitUtilisation {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return utilisation(XmitBytesPerSecond.compute(rate, link), link);
        }
    },
    /** Share of the link's data rate used for receiving, 0..1. */
    RcvUtilisation {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return utilisation(RcvBytesPerSecond.compute(rate, link), link);
        }
    },
    /** Packets sent per second (PortXmitPkts, 64-bit when the port has extended counters). */
    XmitPacketsPerSecond {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return rate.applyAsDouble(PortCounter.PortXmitPkts);
        }
    },
    /** Packets received per second (PortRcvPkts). */
    RcvPacketsPerSecond {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return rate.applyAsDouble(PortCounter.PortRcvPkts);
        }
    },
    /**
     * Share of the time the port had data to send but could not (credits, arbitration): PortXmitWait
     * ticks per second x the tick's length, for every port whose device's tick is known, switch ports
     * included (docs/FABRIC.md, "XmitWait ticks"; raw ticks/s are the PortXmitWait rate). Not clamped: above
     * 1 means the tick is longer on this device than the table or the configuration says.
     */
    XmitWaitShare {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            Double tick = link.xmitWaitTickSeconds();
            return tick == null ? Double.NaN : rate.applyAsDouble(PortCounter.PortXmitWait) * tick;
        }
    },
    /**
     * Bit error ratio estimated from symbol errors: SymbolErrorCounter per second / the active link's
     * data rate in bits per second, the way UFM's link-health rule reads it (docs/FABRIC.md: spec bound
     * 1e-12, cables tested to 1e-15). An estimate: one symbol error may hide several bit errors.
     */
    SymbolErrorBer {
        @Override
        double compute(ToDoubleFunction<PortCounter> rate, LinkContext link) {
            return link.infiniBand() ? rate.applyAsDouble(PortCounter.SymbolErrorCounter) / capacity(link) : Double.NaN;
        }
    };

    private static final int BYTES_PER_WORD = 4;
    private static final int BITS_PER_BYTE = 8;

    /**
     * @param rate the rate per second of a counter, NaN when it has none
     * @param link the port's link
     * @return the metric, NaN when an input is missing (NaN carries through the arithmetic: no box per metric)
     */
    abstract double compute(ToDoubleFunction<PortCounter> rate, LinkContext link);

    /** This metric's value in {@code rates}. */
    public Double in(DerivedRates rates) {
        return switch (this) {
            case XmitBytesPerSecond -> rates.xmitBytesPerSecond();
            case RcvBytesPerSecond -> rates.rcvBytesPerSecond();
            case XmitUtilisation -> rates.xmitUtilisation();
            case RcvUtilisation -> rates.rcvUtilisation();
            case XmitPacketsPerSecond -> rates.xmitPacketsPerSecond();
            case RcvPacketsPerSecond -> rates.rcvPacketsPerSecond();
            case XmitWaitShare -> rates.xmitWaitShare();
            case SymbolErrorBer -> rates.symbolErrorBer();
        };
    }

    /** The metric named {@code name} exactly, or null. */
    public static DerivedMetric named(String name) {
        return Arrays.stream(values()).filter(m -> m.name().equals(name)).findFirst().orElse(null);
    }

    /** All names, comma-separated, for error messages. */
    public static String names() {
        return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
    }

    /** The link's data rate in bits per second, NaN when unknown. */
    private static double capacity(LinkContext link) {
        Double capacity = link.dataRateBitsPerSecond();
        return capacity == null ? Double.NaN : capacity;
    }

    private static double utilisation(double bytesPerSecond, LinkContext link) {
        return bytesPerSecond * BITS_PER_BYTE / capacity(link);
    }
}
