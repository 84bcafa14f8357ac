package io.fabricpulse.model.ingest;

/**
 * Which of a port's counters a sample carries at 64 bits (PortCountersExtended) rather than at their
 * PortCounters width. The width is also where a counter latches, so it decides saturation and whether two
 * samples of a counter can be compared.
 */
public enum CounterWidth {
    /** Everything at its PortCounters width (8, 16 or 32 bits). */
    BASIC,
    /** Data and packet counters at 64 bits (ClassPortInfo IsExtendedWidthSupported or its NoIETF variant). */
    EXTENDED_DATA,
    /**
     * Also the error counters and PortXmitWait at 64 bits: ClassPortInfo CapabilityMask2
     * IsAdditionalPortCountersExtendedSupported.
     */
    EXTENDED_ALL;

    /** The width a port report's two flags describe; 64-bit error counters imply 64-bit data counters. */
    public static CounterWidth of(boolean extendedData, boolean extendedErrors) {
        if (extendedErrors) {
            return EXTENDED_ALL;
        }
        return extendedData ? EXTENDED_DATA : BASIC;
    }

    /** Whether data and packet counters are 64-bit. */
    public boolean extendedData() {
        return this != BASIC;
    }

    /** Whether error counters and PortXmitWait are 64-bit. */
    public boolean extendedErrors() {
        return this == EXTENDED_ALL;
    }
}
