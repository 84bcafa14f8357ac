package io.fabricpulse.agent.mad;

import static io.fabricpulse.agent.mad.FieldFormat.*;

/**
 * ClassPortInfo (attribute 0x0001) of the PerfMgt class: what the port's performance agent
 * supports. perfquery reads CapabilityMask (bytes 2-3) and CapabilityMask2 (the next 27 bits).
 */
public enum ClassPortInfoField implements MadField {
    BaseVersion(0, 8, UINT), ClassVersion(8, 8, UINT), CapabilityMask(16, 16, HEX), CapabilityMask2(32, 27, HEX),
    RespTimeVal(59, 5, UINT), RedirectLID(224, 16, UINT), RedirectQP(264, 24, HEX), TrapLID(480, 16, UINT);

    private final Spec spec;

    ClassPortInfoField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
