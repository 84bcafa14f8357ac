package io.fabricpulse.agent.mad;

import java.util.Map;

/**
 * Turns PerfMgt answers into the ingest schema's counter map, the same way for every caller (the
 * umad source's own ports, fabric sweeps): error counters from PortCounters, the 64-bit data and
 * packet counters from PortCountersExtended when ClassPortInfo says the port has them, the 64-bit error
 * counters and PortXmitWait from it too where CapabilityMask2 says the port fills its additional fields,
 * and PortXmitWait only when ClassPortInfo vouches for it (perfquery shows 0 otherwise).
 */
public final class PortCounterValues {

    private PortCounterValues() {
    }

    /** Adds every PortCounters field the schema knows to {@code into}. */
    public static void addPortCounters(Map<String, Long> into, MadData portCounters, ClassPortInfo cpi) {
        for (PortCountersField f : PortCountersField.values()) {
            boolean waitUnknown = f == PortCountersField.PortXmitWait && !cpi.has(ClassPortInfo.PORT_XMIT_WAIT);
            if (f.counter() != null && !waitUnknown) {
                into.put(f.counter().ibaName(), portCounters.get(f));
            }
        }
    }

    /** Adds (over the narrow ones) the PortCountersExtended fields {@code cpi} says this port fills. */
    public static void addExtended(Map<String, Long> into, MadData extended, ClassPortInfo cpi) {
        for (PortCountersExtendedField f : PortCountersExtendedField.values()) {
            boolean waitUnknown = f == PortCountersExtendedField.PortXmitWait && !cpi.has(ClassPortInfo.PORT_XMIT_WAIT);
            if (f.counter() != null && cpi.covers(f.group()) && !waitUnknown) {
                into.put(f.counter().ibaName(), extended.get(f));
            }
        }
    }

    /** Whether the error counters and PortXmitWait that {@link #addExtended} adds are the 64-bit ones. */
    public static boolean extendedErrors(ClassPortInfo cpi) {
        return cpi.hasExtendedCounters() && cpi.covers(PortCountersExtendedField.Group.ADDITIONAL);
    }
}
