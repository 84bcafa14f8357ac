package io.fabricpulse.agent.mad;

import static io.fabricpulse.agent.mad.FieldFormat.*;

/**
 * SMP NodeInfo (attribute 0x0011), in the order {@code smpquery nodeinfo} prints it.
 */
public enum NodeInfoField implements MadField {
    BaseVers(0, 8, UINT), ClassVers(8, 8, UINT), NodeType(16, 8, NODE_TYPE), NumPorts(24, 8, UINT),
    SystemGuid(32, 64, HEX), Guid(96, 64, HEX), PortGuid(160, 64, HEX), PartCap(224, 16, UINT), DevId(240, 16, HEX),
    Revision(256, 32, HEX), LocalPort(288, 8, UINT), VendorId(296, 24, HEX);

    private final Spec spec;

    NodeInfoField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
