package io.fabricpulse.agent.mad;

/**
 * What a port's performance agent supports (PerfMgt ClassPortInfo).
 *
 * @param capabilityMask  bytes 2-3: 0x0100 AllPortSelect, 0x0200 extended width, 0x0400 extended NoIETF,
 *                        0x1000 PortXmitWait, 0x8000 QP1Dropped
 * @param capabilityMask2 the 27 bits after it
 */
public record ClassPortInfo(int capabilityMask, int capabilityMask2) {

    public static final int ALL_PORT_SELECT = 0x0100;
    public static final int EXTENDED_WIDTH = 0x0200;
    public static final int EXTENDED_WIDTH_NO_IETF = 0x0400;
    public static final int PORT_XMIT_WAIT = 0x1000;
    /** CapabilityMask2 bit 1: the 64-bit error counters in PortCountersExtended. */
    public static final int ADDITIONAL_EXTENDED_COUNTERS = 0x2;

    public static ClassPortInfo decode(MadData data) {
        return new ClassPortInfo((int) data.get(ClassPortInfoField.CapabilityMask),
                (int) data.get(ClassPortInfoField.CapabilityMask2));
    }

    /** True when PortCountersExtended has at least the 64-bit data and packet counters. */
    public boolean hasExtendedCounters() {
        return (capabilityMask & (EXTENDED_WIDTH | EXTENDED_WIDTH_NO_IETF)) != 0;
    }

    public boolean has(int capability) {
        return (capabilityMask & capability) != 0;
    }

    /** True when PortCountersExtended carries the fields of {@code group}. */
    public boolean covers(PortCountersExtendedField.Group group) {
        return switch (group) {
            case ALWAYS -> true;
            case UNICAST_MULTICAST -> has(EXTENDED_WIDTH);
            case ADDITIONAL -> (capabilityMask2 & ADDITIONAL_EXTENDED_COUNTERS) != 0;
        };
    }
}
