package io.fabricpulse.server.rates;

import io.fabricpulse.model.devices.DeviceFamily;
import io.fabricpulse.model.devices.KnownDevices;

import java.util.EnumMap;
import java.util.Map;

/**
 * The PortXmitWait tick of each device family whose tick is documented (docs/FABRIC.md, "XmitWait ticks"),
 * from NVIDIA's ibdiagnet user manual (v2.13, "Congestion Assessment on InfiniBand Links"): Quantum,
 * Quantum-2 and Quantum-3 count one tick per 8 bytes per port whatever its width (their PortSamplesControl
 * Tick reads 7); Switch-IB 2, Switch-IB and SwitchX one per 32 bytes per lane (Tick 31). No documented tick is
 * known for the adapters (ConnectX, BlueField): their ports show ticks/s and claim no share of time.
 */
final class XmitWaitTicks {

    private static final Map<DeviceFamily, XmitWaitTick> BY_FAMILY = new EnumMap<>(Map.of(
            DeviceFamily.QUANTUM, new XmitWaitTick.BytesPerPort(8),
            DeviceFamily.QUANTUM_2, new XmitWaitTick.BytesPerPort(8),
            DeviceFamily.QUANTUM_3, new XmitWaitTick.BytesPerPort(8),
            DeviceFamily.SWITCH_IB_2, new XmitWaitTick.BytesPerLane(32),
            DeviceFamily.SWITCH_IB, new XmitWaitTick.BytesPerLane(32),
            DeviceFamily.SWITCHX, new XmitWaitTick.BytesPerLane(32)));

    private XmitWaitTicks() {
    }

    /** The documented tick of a node, null when its device is unknown or its family's tick is not documented. */
    static XmitWaitTick of(Integer vendorId, Integer deviceId, String hcaType) {
        return KnownDevices.find(vendorId, deviceId, hcaType).map(device -> BY_FAMILY.get(device.family())).orElse(null);
    }
}
