package io.fabricpulse.model.devices;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The small table of device ids behind model names in the inventory and per-family rules (docs/FABRIC.md,
 * "Devices"). Sources: the PCI ID Repository's vendor 15b3 (pci.ids: NVIDIA adapters answer NodeInfo.DeviceID
 * with their PCI device id) and rdma-core's infiniband-diags {@code vendstat.c} and libibnetdisc, which name
 * Switch-IB 0xcb20 and SwitchX 0xc738-0xc73b. Only NVIDIA (Mellanox) devices, VendorID 0x0002c9, are listed;
 * any other id is shown raw.
 */
public final class KnownDevices {

    /** NodeInfo.VendorID of Mellanox / NVIDIA devices (their IEEE OUI 00:02:c9). */
    public static final int MELLANOX_OUI = 0x0002c9;

    /** sysfs {@code hca_type} of NVIDIA adapters: "MT" and the decimal device id ("MT4123"). */
    private static final Pattern HCA_TYPE = Pattern.compile("MT(\\d{4,5})");

    private static final Map<Integer, KnownDevice> BY_ID = Stream.of(
            new KnownDevice(0xc738, "SwitchX", DeviceFamily.SWITCHX),
            new KnownDevice(0xc739, "SwitchX", DeviceFamily.SWITCHX),
            new KnownDevice(0xc73a, "SwitchX", DeviceFamily.SWITCHX),
            new KnownDevice(0xc73b, "SwitchX", DeviceFamily.SWITCHX),
            new KnownDevice(0xcb20, "Switch-IB", DeviceFamily.SWITCH_IB),
            new KnownDevice(0xcf08, "Switch-IB 2", DeviceFamily.SWITCH_IB_2),
            new KnownDevice(0xd2f0, "Quantum", DeviceFamily.QUANTUM),
            new KnownDevice(0xd2f2, "Quantum-2", DeviceFamily.QUANTUM_2),
            new KnownDevice(0xd2f4, "Quantum-3", DeviceFamily.QUANTUM_3),
            new KnownDevice(0x1003, "ConnectX-3", DeviceFamily.CONNECTX_3),
            new KnownDevice(0x1007, "ConnectX-3 Pro", DeviceFamily.CONNECTX_3),
            new KnownDevice(0x1011, "Connect-IB", DeviceFamily.CONNECT_IB),
            new KnownDevice(0x1013, "ConnectX-4", DeviceFamily.CONNECTX_4),
            new KnownDevice(0x1015, "ConnectX-4 Lx", DeviceFamily.CONNECTX_4),
            new KnownDevice(0x1017, "ConnectX-5", DeviceFamily.CONNECTX_5),
            new KnownDevice(0x1019, "ConnectX-5 Ex", DeviceFamily.CONNECTX_5),
            new KnownDevice(0x101b, "ConnectX-6", DeviceFamily.CONNECTX_6),
            new KnownDevice(0x101d, "ConnectX-6 Dx", DeviceFamily.CONNECTX_6),
            new KnownDevice(0x101f, "ConnectX-6 Lx", DeviceFamily.CONNECTX_6),
            new KnownDevice(0x1021, "ConnectX-7", DeviceFamily.CONNECTX_7),
            new KnownDevice(0x1023, "ConnectX-8", DeviceFamily.CONNECTX_8),
            new KnownDevice(0xa2d2, "BlueField", DeviceFamily.BLUEFIELD),
            new KnownDevice(0xa2d6, "BlueField-2", DeviceFamily.BLUEFIELD),
            new KnownDevice(0xa2dc, "BlueField-3", DeviceFamily.BLUEFIELD))
            .collect(Collectors.toUnmodifiableMap(KnownDevice::deviceId, Function.identity()));

    private KnownDevices() {
    }

    /**
     * The device a node is, from what its report carries: NodeInfo's ids when the source read them (a vendor
     * other than NVIDIA's is never looked up), else the number in an NVIDIA {@code hca_type} such as "MT4123".
     */
    public static Optional<KnownDevice> find(Integer vendorId, Integer deviceId, String hcaType) {
        if (deviceId != null) {
            return vendorId == null || vendorId == MELLANOX_OUI ? Optional.ofNullable(BY_ID.get(deviceId))
                    : Optional.empty();
        }
        if (hcaType != null) {
            Matcher m = HCA_TYPE.matcher(hcaType.strip());
            if (m.matches()) {
                return Optional.ofNullable(BY_ID.get(Integer.parseInt(m.group(1))));
            }
        }
        return Optional.empty();
    }
}
