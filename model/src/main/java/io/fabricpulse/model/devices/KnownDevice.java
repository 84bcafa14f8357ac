package io.fabricpulse.model.devices;

/**
 * A device id FabricPulse knows.
 *
 * @param deviceId NodeInfo.DeviceID (for NVIDIA adapters also their PCI device id and the number in sysfs
 *                 {@code hca_type}: 0x101b is "MT4123")
 * @param model    the name people know it by ("ConnectX-6", "Quantum")
 * @param family   the generation it belongs to
 */
public record KnownDevice(int deviceId, String model, DeviceFamily family) {
}
