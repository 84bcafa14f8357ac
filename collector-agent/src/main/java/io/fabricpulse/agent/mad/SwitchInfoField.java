package io.fabricpulse.agent.mad;

import static io.fabricpulse.agent.mad.FieldFormat.*;

/**
 * SMP SwitchInfo (attribute 0x0012), in the order {@code smpquery switchinfo} prints it.
 */
public enum SwitchInfoField implements MadField {
    LinearFdbCap(0, 16, UINT), RandomFdbCap(16, 16, UINT), McastFdbCap(32, 16, UINT), LinearFdbTop(48, 16, UINT),
    DefPort(64, 8, UINT), DefMcastPrimPort(72, 8, UINT), DefMcastNotPrimPort(80, 8, UINT), LifeTime(88, 5, UINT),
    StateChange(93, 1, UINT), OptSLtoVLMapping(94, 2, UINT), LidsPerPort(96, 16, UINT),
    PartEnforceCap(112, 16, UINT), InboundPartEnf(128, 1, UINT), OutboundPartEnf(129, 1, UINT),
    FilterRawInbound(130, 1, UINT), FilterRawOutbound(131, 1, UINT), EnhancedPort0(132, 1, UINT),
    MulticastFDBTop(144, 16, HEX);

    private final Spec spec;

    SwitchInfoField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
