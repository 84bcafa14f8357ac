package io.fabricpulse.model.ingest;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every port counter FabricPulse knows, by its IBA name, with its width in bits. All IBA port
 * counters latch at their maximum instead of wrapping, so the width is also the saturation point.
 * Data and packet counters are 32 bits in PortCounters and 64 bits in PortCountersExtended; the error
 * counters and PortXmitWait are 64 bits too where the port fills PortCountersExtended's additional
 * fields ({@link CounterWidth#EXTENDED_ALL}).
 */
public enum PortCounter {
    SymbolErrorCounter(16, Kind.ERROR),
    LinkErrorRecoveryCounter(8, Kind.ERROR),
    LinkDownedCounter(8, Kind.ERROR),
    PortRcvErrors(16, Kind.ERROR),
    PortRcvRemotePhysicalErrors(16, Kind.ERROR),
    PortRcvSwitchRelayErrors(16, Kind.ERROR),
    PortXmitDiscards(16, Kind.ERROR),
    PortXmitConstraintErrors(8, Kind.ERROR),
    PortRcvConstraintErrors(8, Kind.ERROR),
    LocalLinkIntegrityErrors(4, Kind.ERROR),
    ExcessiveBufferOverrunErrors(4, Kind.ERROR),
    VL15Dropped(16, Kind.ERROR),
    PortXmitWait(32, Kind.WAIT),
    PortXmitData(32, Kind.DATA),
    PortRcvData(32, Kind.DATA),
    PortXmitPkts(32, Kind.PACKETS),
    PortRcvPkts(32, Kind.PACKETS),
    PortUnicastXmitPkts(64, Kind.PACKETS),
    PortUnicastRcvPkts(64, Kind.PACKETS),
    PortMulticastXmitPkts(64, Kind.PACKETS),
    PortMulticastRcvPkts(64, Kind.PACKETS);

    /** What a counter counts, which decides its unit and how its rate is read. */
    public enum Kind {
        /** error events */
        ERROR,
        /** 4-byte words of data: bytes = value x 4 */
        DATA,
        /** packets */
        PACKETS,
        /** ticks during which the port had data to send but could not */
        WAIT
    }

    private final int basicBits;
    private final Kind kind;

    PortCounter(int basicBits, Kind kind) {
        this.basicBits = basicBits;
        this.kind = kind;
    }

    /** The name perfquery prints and the ingest schema uses as the key. */
    public String ibaName() {
        return name();
    }

    public Kind kind() {
        return kind;
    }

    /**
     * Width in bits when read from a source that does ({@code extended}) or does not offer 64-bit data and
     * packet counters; error counters at their PortCounters width.
     */
    public int bits(boolean extended) {
        return bits(extended ? CounterWidth.EXTENDED_DATA : CounterWidth.BASIC);
    }

    /** Width in bits in a sample of {@code width}. */
    public int bits(CounterWidth width) {
        boolean dataOrPackets = kind == Kind.DATA || kind == Kind.PACKETS;
        if (dataOrPackets ? width.extendedData() : width.extendedErrors()) {
            return 64;
        }
        return basicBits;
    }

    /** Whether this counter is a 64-bit value in a sample of {@code width}. */
    public boolean wide(CounterWidth width) {
        return bits(width) == 64;
    }

    /** The value at which this counter latches: 2^bits - 1 (unsigned; for 64 bits this is -1L as a signed long). */
    public long max(boolean extended) {
        return max(extended ? CounterWidth.EXTENDED_DATA : CounterWidth.BASIC);
    }

    /** The value at which this counter latches in a sample of {@code width}. */
    public long max(CounterWidth width) {
        int bits = bits(width);
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    /** Where this counter latches when it is ({@code wide}) or is not a 64-bit value. */
    public long maxWhen(boolean wide) {
        return wide || basicBits == 64 ? -1L : (1L << basicBits) - 1;
    }

    /** The counter with IBA name {@code name}, or null. */
    public static PortCounter ofIbaName(String name) {
        return name == null ? null : BY_IBA_NAME.get(name);
    }

    /** Looked up for every counter of every ingested port: a hash lookup, not a scan of values(). */
    private static final Map<String, PortCounter> BY_IBA_NAME = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(PortCounter::name, counter -> counter));
}
