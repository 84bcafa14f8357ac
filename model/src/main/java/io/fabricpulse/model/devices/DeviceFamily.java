package io.fabricpulse.model.devices;

/**
 * A generation of NVIDIA (Mellanox) InfiniBand silicon. Devices of one family share how they count (for
 * example what one PortXmitWait tick is), so tables keyed by family stay small; docs/FABRIC.md, "Devices".
 */
public enum DeviceFamily {
    SWITCHX(true), SWITCH_IB(true), SWITCH_IB_2(true), QUANTUM(true), QUANTUM_2(true), QUANTUM_3(true),
    CONNECTX_3(false), CONNECT_IB(false), CONNECTX_4(false), CONNECTX_5(false), CONNECTX_6(false),
    CONNECTX_7(false), CONNECTX_8(false), BLUEFIELD(false);

    private final boolean switchAsic;

    DeviceFamily(boolean switchAsic) {
        this.switchAsic = switchAsic;
    }

    /** A switch ASIC, not an adapter. */
    public boolean switchAsic() {
        return switchAsic;
    }
}
