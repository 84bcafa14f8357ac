package io.fabricpulse.agent.mad;

import static io.fabricpulse.agent.mad.FieldFormat.*;

/**
 * SMP PortInfo (attribute 0x0015), in the order {@code smpquery portinfo} prints it, including
 * the extended link speed fields at the end of the attribute.
 */
public enum PortInfoField implements MadField {
    Mkey(0, 64, NOT_DISPLAYED), GidPrefix(64, 64, HEX), Lid(128, 16, UINT), SMLid(144, 16, UINT),
    CapMask(160, 32, PORT_CAP_MASK), DiagCode(192, 16, HEX), MkeyLeasePeriod(208, 16, UINT), LocalPort(224, 8, UINT),
    LinkWidthEnabled(232, 8, LINK_WIDTH_ENABLED), LinkWidthSupported(240, 8, LINK_WIDTH_SUPPORTED),
    LinkWidthActive(248, 8, LINK_WIDTH), LinkSpeedSupported(256, 4, LINK_SPEED_SET), LinkState(260, 4, PORT_STATE),
    PhysLinkState(264, 4, PHYS_STATE), LinkDownDefState(268, 4, LINK_DOWN_DEFAULT_STATE), ProtectBits(272, 2, UINT),
    LMC(277, 3, UINT), LinkSpeedActive(280, 4, LINK_SPEED), LinkSpeedEnabled(284, 4, LINK_SPEED_SET),
    NeighborMTU(288, 4, MTU), SMSL(292, 4, UINT), VLCap(296, 4, VL_CAP), InitType(300, 4, HEX),
    VLHighLimit(304, 8, UINT), VLArbHighCap(312, 8, UINT), VLArbLowCap(320, 8, UINT), InitReply(328, 4, HEX),
    MtuCap(332, 4, MTU), VLStallCount(336, 3, UINT), HoqLife(339, 5, UINT), OperVLs(344, 4, OPER_VLS),
    PartEnforceInb(348, 1, UINT), PartEnforceOutb(349, 1, UINT), FilterRawInb(350, 1, UINT),
    FilterRawOutb(351, 1, UINT), MkeyViolations(352, 16, UINT), PkeyViolations(368, 16, UINT),
    QkeyViolations(384, 16, UINT), GuidCap(400, 8, UINT), ClientReregister(408, 1, UINT),
    McastPkeyTrapSuppressionEnabled(409, 2, UINT), SubnetTimeout(411, 5, UINT), RespTimeVal(419, 5, UINT),
    LocalPhysErr(424, 4, UINT), OverrunErr(428, 4, UINT), MaxCreditHint(432, 16, UINT), RoundTrip(456, 24, UINT),
    CapabilityMask2(480, 16, PORT_CAP_MASK2), LinkSpeedExtActive(496, 4, LINK_SPEED_EXT),
    LinkSpeedExtSupported(500, 4, LINK_SPEED_EXT_SUPPORTED), LinkSpeedExtEnabled(507, 5, LINK_SPEED_EXT_ENABLED);

    private final Spec spec;

    PortInfoField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
