package io.fabricpulse.agent.mad;

import static io.fabricpulse.agent.mad.FieldFormat.*;

/**
 * The common MAD header (IBA 13.4.2, bytes 0-23) and the directed-route SMP words after it (IBA
 * 14.2.1.2). Offsets count from the first byte of the MAD; TransactionId's upper 32 bits belong to
 * the kernel (or umad2sim), which puts its agent id there, so only the lower 32 are ours.
 */
public enum MadHeaderField implements MadField {
    BaseVersion(0, 8, UINT), MgmtClass(8, 8, HEX), ClassVersion(16, 8, UINT),
    /** method including the response bit (0x80): 0x01 Get, 0x02 Set, 0x81 GetResp */
    Method(24, 8, HEX),
    Status(32, 16, HEX),
    /** directed-route SMPs only: bit 15 of the status word tells a returning packet */
    Direction(32, 1, UINT),
    DrStatus(33, 15, HEX),
    HopPointer(48, 8, UINT), HopCount(56, 8, UINT),
    TransactionId(64, 64, HEX), AttributeId(128, 16, HEX), AttributeModifier(160, 32, HEX), MKey(192, 64, HEX),
    DrSlid(256, 16, UINT), DrDlid(272, 16, UINT);

    private final Spec spec;

    MadHeaderField(int bitOffset, int bitWidth, FieldFormat format) {
        this.spec = new Spec(bitOffset, bitWidth, format);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
