package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.PortCounter;

import static io.fabricpulse.agent.mad.FieldFormat.HEX;
import static io.fabricpulse.agent.mad.FieldFormat.UINT;

/**
 * PerfMgt PortCounters (attribute 0x0012), in the order {@code perfquery} prints it. Every counter
 * latches at {@link #maxValue()}; {@link #counter()} ties a field to the ingest schema's name.
 */
public enum PortCountersField implements MadField {
    PortSelect(8, 8, UINT),
    CounterSelect(16, 16, HEX),
    SymbolErrorCounter(32, 16, PortCounter.SymbolErrorCounter),
    LinkErrorRecoveryCounter(48, 8, PortCounter.LinkErrorRecoveryCounter),
    LinkDownedCounter(56, 8, PortCounter.LinkDownedCounter),
    PortRcvErrors(64, 16, PortCounter.PortRcvErrors),
    PortRcvRemotePhysicalErrors(80, 16, PortCounter.PortRcvRemotePhysicalErrors),
    PortRcvSwitchRelayErrors(96, 16, PortCounter.PortRcvSwitchRelayErrors),
    PortXmitDiscards(112, 16, PortCounter.PortXmitDiscards),
    PortXmitConstraintErrors(128, 8, PortCounter.PortXmitConstraintErrors),
    PortRcvConstraintErrors(136, 8, PortCounter.PortRcvConstraintErrors),
    CounterSelect2(144, 8, HEX),
    LocalLinkIntegrityErrors(152, 4, PortCounter.LocalLinkIntegrityErrors),
    ExcessiveBufferOverrunErrors(156, 4, PortCounter.ExcessiveBufferOverrunErrors),
    /**
     * IBA places QP1Dropped in bytes 20-21, but libibmad's table entry resolves to bytes 22-23, so
     * perfquery prints the VL15Dropped value under this name. We print what perfquery prints; the
     * agent does not report this field.
     */
    QP1Dropped(176, 16, UINT),
    VL15Dropped(176, 16, PortCounter.VL15Dropped),
    PortXmitData(192, 32, PortCounter.PortXmitData),
    PortRcvData(224, 32, PortCounter.PortRcvData),
    PortXmitPkts(256, 32, PortCounter.PortXmitPkts),
    PortRcvPkts(288, 32, PortCounter.PortRcvPkts),
    PortXmitWait(320, 32, PortCounter.PortXmitWait);

    private final Spec spec;
    private final PortCounter counter;

    PortCountersField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
        this.counter = null;
    }

    PortCountersField(int bitOffset, int bitWidth, PortCounter counter) {
        this.spec = new Spec(bitOffset, bitWidth, UINT);
        this.counter = counter;
    }

    /** The ingest schema's counter this field carries, or null for selectors and QP1Dropped. */
    public PortCounter counter() {
        return counter;
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
