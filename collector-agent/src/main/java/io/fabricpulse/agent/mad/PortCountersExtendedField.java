package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.PortCounter;

import static io.fabricpulse.agent.mad.FieldFormat.HEX;
import static io.fabricpulse.agent.mad.FieldFormat.UINT;

/**
 * PerfMgt PortCountersExtended (attribute 0x001D), in the order {@code perfquery -x} prints it.
 * Which fields a port fills depends on its ClassPortInfo: {@link Group} says which capability bit
 * makes a field meaningful.
 */
public enum PortCountersExtendedField implements MadField {
    PortSelect(8, 8, UINT, Group.ALWAYS, null),
    CounterSelect(16, 16, HEX, Group.ALWAYS, null),
    PortXmitData(64, 64, UINT, Group.ALWAYS, PortCounter.PortXmitData),
    PortRcvData(128, 64, UINT, Group.ALWAYS, PortCounter.PortRcvData),
    PortXmitPkts(192, 64, UINT, Group.ALWAYS, PortCounter.PortXmitPkts),
    PortRcvPkts(256, 64, UINT, Group.ALWAYS, PortCounter.PortRcvPkts),
    PortUnicastXmitPkts(320, 64, UINT, Group.UNICAST_MULTICAST, PortCounter.PortUnicastXmitPkts),
    PortUnicastRcvPkts(384, 64, UINT, Group.UNICAST_MULTICAST, PortCounter.PortUnicastRcvPkts),
    PortMulticastXmitPkts(448, 64, UINT, Group.UNICAST_MULTICAST, PortCounter.PortMulticastXmitPkts),
    PortMulticastRcvPkts(512, 64, UINT, Group.UNICAST_MULTICAST, PortCounter.PortMulticastRcvPkts),
    CounterSelect2(32, 32, HEX, Group.ADDITIONAL, null),
    SymbolErrorCounter(576, 64, UINT, Group.ADDITIONAL, PortCounter.SymbolErrorCounter),
    LinkErrorRecoveryCounter(640, 64, UINT, Group.ADDITIONAL, PortCounter.LinkErrorRecoveryCounter),
    LinkDownedCounter(704, 64, UINT, Group.ADDITIONAL, PortCounter.LinkDownedCounter),
    PortRcvErrors(768, 64, UINT, Group.ADDITIONAL, PortCounter.PortRcvErrors),
    PortRcvRemotePhysicalErrors(832, 64, UINT, Group.ADDITIONAL, PortCounter.PortRcvRemotePhysicalErrors),
    PortRcvSwitchRelayErrors(896, 64, UINT, Group.ADDITIONAL, PortCounter.PortRcvSwitchRelayErrors),
    PortXmitDiscards(960, 64, UINT, Group.ADDITIONAL, PortCounter.PortXmitDiscards),
    PortXmitConstraintErrors(1024, 64, UINT, Group.ADDITIONAL, PortCounter.PortXmitConstraintErrors),
    PortRcvConstraintErrors(1088, 64, UINT, Group.ADDITIONAL, PortCounter.PortRcvConstraintErrors),
    LocalLinkIntegrityErrors(1152, 64, UINT, Group.ADDITIONAL, PortCounter.LocalLinkIntegrityErrors),
    ExcessiveBufferOverrunErrors(1216, 64, UINT, Group.ADDITIONAL, PortCounter.ExcessiveBufferOverrunErrors),
    VL15Dropped(1280, 64, UINT, Group.ADDITIONAL, PortCounter.VL15Dropped),
    PortXmitWait(1344, 64, UINT, Group.ADDITIONAL, PortCounter.PortXmitWait),
    QP1Dropped(1408, 64, UINT, Group.ADDITIONAL, null);

    /** Which capability makes a field meaningful. */
    public enum Group {
        /** the data and packet counters every extended-counter port has (…NoIETF is enough) */
        ALWAYS,
        /** unicast/multicast packet counters: ClassPortInfo IsExtendedWidthSupported (0x0200) */
        UNICAST_MULTICAST,
        /** 64-bit error counters: ClassPortInfo CapabilityMask2 IsAdditionalPortCountersExtendedSupported (bit 1) */
        ADDITIONAL
    }

    private final Spec spec;
    private final Group group;
    private final PortCounter counter;

    PortCountersExtendedField(int bitOffset, int bitWidth, FieldFormat format, Group group, PortCounter counter) {
        this.spec = new Spec(bitOffset, bitWidth, format);
        this.group = group;
        this.counter = counter;
    }

    public Group group() {
        return group;
    }

    /**
     * The ingest schema's counter this field carries, or null (selectors, QP1Dropped). The 64-bit error
     * counters and PortXmitWait replace their narrow PortCounters values where the port fills them.
     */
    public PortCounter counter() {
        return counter;
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
