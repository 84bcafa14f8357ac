package io.fabricpulse.agent.umad;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.MemoryLayout.PathElement.sequenceElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** Lists local CAs and their ports through {@code umad_get_cas_names} and {@code umad_get_ca}. */
final class UmadDevices {

    private static final int NAME_LEN = 20;
    private static final int MAX_CAS = 32;
    private static final int MAX_PORTS = 10;

    /** {@code umad_port_t} on LP64 Linux, padding as the C compiler lays it out. */
    private static final StructLayout PORT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(NAME_LEN, JAVA_BYTE).withName("ca_name"),
            JAVA_INT.withName("portnum"), JAVA_INT.withName("base_lid"), JAVA_INT.withName("lmc"),
            JAVA_INT.withName("sm_lid"), JAVA_INT.withName("sm_sl"), JAVA_INT.withName("state"),
            JAVA_INT.withName("phys_state"), JAVA_INT.withName("rate"), JAVA_INT.withName("capmask"),
            JAVA_LONG.withName("gid_prefix"), JAVA_LONG.withName("port_guid"), JAVA_INT.withName("pkeys_size"),
            MemoryLayout.paddingLayout(4), ADDRESS.withName("pkeys"),
            MemoryLayout.sequenceLayout(NAME_LEN, JAVA_BYTE).withName("link_layer"), MemoryLayout.paddingLayout(4));

    /** {@code umad_ca_t} on LP64 Linux. */
    private static final StructLayout CA = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(NAME_LEN, JAVA_BYTE).withName("ca_name"),
            JAVA_INT.withName("node_type"), JAVA_INT.withName("numports"),
            MemoryLayout.sequenceLayout(20, JAVA_BYTE).withName("fw_ver"),
            MemoryLayout.sequenceLayout(40, JAVA_BYTE).withName("ca_type"),
            MemoryLayout.sequenceLayout(20, JAVA_BYTE).withName("hw_ver"), MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("node_guid"), JAVA_LONG.withName("system_guid"),
            MemoryLayout.sequenceLayout(MAX_PORTS, ADDRESS).withName("ports"));

    private final UmadLibrary umad;

    UmadDevices(UmadLibrary umad) {
        this.umad = umad;
    }

    List<LocalCa> list() throws UmadUnavailableException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment names = arena.allocate((long) NAME_LEN * MAX_CAS);
            int count = umad.getCasNames(names, MAX_CAS);
            if (count < 0) {
                throw new UmadUnavailableException(UmadUnavailableException.Reason.NO_DEVICE,
                        "umad_get_cas_names failed (" + count + ")");
            }
            List<LocalCa> cas = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                cas.add(read(arena, names.asSlice((long) i * NAME_LEN, NAME_LEN).getString(0)));
            }
            return cas;
        }
    }

    private LocalCa read(Arena arena, String name) throws UmadUnavailableException {
        MemorySegment ca = arena.allocate(CA);
        int rc = umad.getCa(arena.allocateFrom(name), ca);
        if (rc < 0) {
            throw new UmadUnavailableException(UmadUnavailableException.Reason.NO_DEVICE,
                    "libibumad found no readable RDMA device (umad_get_ca(" + name + ") = " + rc + ")");
        }
        try {
            List<LocalPort> ports = new ArrayList<>();
            long portsOffset = CA.byteOffset(groupElement("ports"));
            for (int i = 0; i < MAX_PORTS; i++) {
                MemorySegment p = ca.get(ADDRESS, portsOffset + (long) i * ADDRESS.byteSize());
                if (!p.equals(MemorySegment.NULL)) {
                    ports.add(port(name, p.reinterpret(PORT.byteSize())));
                }
            }
            return new LocalCa(name, ca.get(JAVA_INT, offset(CA, "node_type")), text(ca, CA, "fw_ver"),
                    text(ca, CA, "ca_type"), text(ca, CA, "hw_ver"), bigEndian(ca, CA, "node_guid"),
                    bigEndian(ca, CA, "system_guid"), List.copyOf(ports));
        } finally {
            umad.releaseCa(ca);
        }
    }

    private static LocalPort port(String caName, MemorySegment p) {
        return new LocalPort(caName, p.get(JAVA_INT, offset(PORT, "portnum")), p.get(JAVA_INT, offset(PORT, "base_lid")),
                p.get(JAVA_INT, offset(PORT, "lmc")), p.get(JAVA_INT, offset(PORT, "sm_lid")),
                p.get(JAVA_INT, offset(PORT, "state")), p.get(JAVA_INT, offset(PORT, "phys_state")),
                bigEndian(p, PORT, "port_guid"), text(p, PORT, "link_layer"));
    }

    private static long offset(StructLayout layout, String field) {
        return layout.byteOffset(groupElement(field));
    }

    /** GUIDs are stored in network byte order ({@code __be64}). */
    private static long bigEndian(MemorySegment s, StructLayout layout, String field) {
        return s.get(JAVA_LONG.withOrder(ByteOrder.BIG_ENDIAN), offset(layout, field));
    }

    private static String text(MemorySegment s, StructLayout layout, String field) {
        long size = layout.select(groupElement(field)).byteSize();
        MemorySegment slice = s.asSlice(offset(layout, field), size);
        int end = 0;
        while (end < size && slice.get(JAVA_BYTE, end) != 0) {
            end++;
        }
        return new String(slice.asSlice(0, end).toArray(JAVA_BYTE), StandardCharsets.UTF_8).strip();
    }

    static {
        // Fail loudly at class load if the layouts drift from the C structs' known sizes.
        if (PORT.byteSize() != 112 || CA.byteSize() != 208 || CA.byteOffset(groupElement("ports"),
                sequenceElement(0)) != 128) {
            throw new ExceptionInInitializerError("umad struct layouts do not match libibumad's");
        }
    }
}
