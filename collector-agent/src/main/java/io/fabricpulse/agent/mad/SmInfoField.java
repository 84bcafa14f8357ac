package io.fabricpulse.agent.mad;

import static io.fabricpulse.agent.mad.FieldFormat.HEX;
import static io.fabricpulse.agent.mad.FieldFormat.UINT;

/**
 * SMP SMInfo (attribute 0x0020, IBA 14.2.5.13), what {@code sminfo} asks: bytes 0-7 the SM's port GUID,
 * 8-15 SM_Key, 16-19 ActCount, byte 20 Priority (high nibble) and SMState (low nibble), 21-23 reserved
 * (docs/FABRIC.md, "Subnet managers").
 */
public enum SmInfoField implements MadField {
    SmInfoGuid(0, 64, HEX), SmInfoKey(64, 64, HEX), SmActivity(128, 32, UINT), SmPriority(160, 4, UINT),
    SmState(164, 4, UINT);

    private final Spec spec;

    SmInfoField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
