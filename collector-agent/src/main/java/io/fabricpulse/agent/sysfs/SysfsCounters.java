package io.fabricpulse.agent.sysfs;

import io.fabricpulse.model.ingest.PortCounter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static io.fabricpulse.model.ingest.PortCounter.*;

/**
 * Reads a port's {@code counters/} (and, where an old driver stack has it, {@code counters_ext/}) into
 * IBA-named values, and decides whether the data and packet counters are the 64-bit ones.
 *
 * <h2>Which width the files have (drivers/infiniband/core/sysfs.c)</h2>
 * When a port is registered the kernel asks the HCA's PMA for ClassPortInfo once and picks one of
 * three tables for {@code counters/} ({@code get_counter_table}):
 * <ul>
 *   <li>CapabilityMask has IsExtendedWidthSupported (0x0200): {@code pma_group_ext} — port_xmit_data,
 *       port_rcv_data, port_xmit_packets and port_rcv_packets are served from PortCountersExtended
 *       (64 bits), and the files unicast_xmit_packets, unicast_rcv_packets, multicast_xmit_packets,
 *       multicast_rcv_packets exist. Current HCAs land here (ConnectX-4 and later: their firmware sets
 *       the bit), and so do RoCE ports of mlx4, bnxt_re, hfi1 and rxe, whose drivers answer ClassPortInfo
 *       themselves with this bit.</li>
 *   <li>only IsExtendedWidthSupportedNoIETF (0x0400): {@code pma_group_noietf} — the same four files are
 *       64-bit, but there are no unicast/multicast files.</li>
 *   <li>neither, or the query failed: {@code pma_group} — all 32-bit PortCounters.</li>
 * </ul>
 * The file names are the same in all three tables, so the width has to be inferred: the unicast/multicast
 * files prove the extended table; a data or packet value above 2^32-1 proves a 64-bit file (a 32-bit
 * counter latches at 2^32-1); once a port is known to be 64-bit it stays so (the table is fixed until the
 * driver re-registers the port). A NoIETF port whose values are all still below 2^32 is reported as
 * 32-bit until one passes it — harmless, as such a value is also a valid 32-bit reading.
 * <p>
 * Older MLNX_OFED stacks (mlx4, ConnectX-3) instead keep {@code counters/} 32-bit and add a
 * {@code counters_ext/} directory with port_xmit_data_64, port_rcv_data_64, port_xmit_packets_64,
 * port_rcv_packets_64 and port_{unicast,multicast}_{xmit,rcv}_packets. When it exists, the data and packet
 * counters are taken from there, all 64-bit. A report never mixes widths: the width flag covers every
 * data and packet counter of the port, so a 64-bit file that cannot be read leaves its counter out
 * rather than substituting the 32-bit value.
 * <p>
 * {@code hw_counters/} holds driver-specific counters (retransmits, out-of-sequence, …) with no IBA name;
 * they are not read here.
 */
final class SysfsCounters {

    /** Counters of one port: the width flag and the values by IBA name, sorted by name. */
    record Readout(boolean extended, Map<String, Long> counters) {
    }

    private static final Map<String, PortCounter> COUNTERS_FILES = Map.ofEntries(
            Map.entry("symbol_error", SymbolErrorCounter),
            Map.entry("link_error_recovery", LinkErrorRecoveryCounter),
            Map.entry("link_downed", LinkDownedCounter),
            Map.entry("port_rcv_errors", PortRcvErrors),
            Map.entry("port_rcv_remote_physical_errors", PortRcvRemotePhysicalErrors),
            Map.entry("port_rcv_switch_relay_errors", PortRcvSwitchRelayErrors),
            Map.entry("port_xmit_discards", PortXmitDiscards),
            Map.entry("port_xmit_constraint_errors", PortXmitConstraintErrors),
            Map.entry("port_rcv_constraint_errors", PortRcvConstraintErrors),
            Map.entry("local_link_integrity_errors", LocalLinkIntegrityErrors),
            Map.entry("excessive_buffer_overrun_errors", ExcessiveBufferOverrunErrors),
            Map.entry("VL15_dropped", VL15Dropped),
            Map.entry("port_xmit_wait", PortXmitWait),
            Map.entry("port_xmit_data", PortXmitData),
            Map.entry("port_rcv_data", PortRcvData),
            Map.entry("port_xmit_packets", PortXmitPkts),
            Map.entry("port_rcv_packets", PortRcvPkts),
            Map.entry("unicast_xmit_packets", PortUnicastXmitPkts),
            Map.entry("unicast_rcv_packets", PortUnicastRcvPkts),
            Map.entry("multicast_xmit_packets", PortMulticastXmitPkts),
            Map.entry("multicast_rcv_packets", PortMulticastRcvPkts));

    /** The files only the extended table ({@code pma_group_ext}) has. */
    private static final Set<String> IETF_FILES =
            Set.of("unicast_xmit_packets", "unicast_rcv_packets", "multicast_xmit_packets", "multicast_rcv_packets");

    private static final Map<String, PortCounter> COUNTERS_EXT_FILES = Map.of(
            "port_xmit_data_64", PortXmitData,
            "port_rcv_data_64", PortRcvData,
            "port_xmit_packets_64", PortXmitPkts,
            "port_rcv_packets_64", PortRcvPkts,
            "port_unicast_xmit_packets", PortUnicastXmitPkts,
            "port_unicast_rcv_packets", PortUnicastRcvPkts,
            "port_multicast_xmit_packets", PortMulticastXmitPkts,
            "port_multicast_rcv_packets", PortMulticastRcvPkts);

    private static final long MAX_32_BIT = 0xFFFF_FFFFL;

    private final SysfsFiles files;
    /** Ports (by directory) whose counters/ has shown a value only a 64-bit counter can hold. */
    private final Set<String> portsKnown64Bit = ConcurrentHashMap.newKeySet();

    SysfsCounters(SysfsFiles files) {
        this.files = files;
    }

    Readout read(Path portDir) {
        Path countersDir = portDir.resolve("counters");
        Path extDir = portDir.resolve("counters_ext");
        boolean legacyExt = Files.isDirectory(extDir);
        Map<PortCounter, Long> values = new EnumMap<>(PortCounter.class);
        Map<PortCounter, Path> sources = new EnumMap<>(PortCounter.class);

        // Soft-RoCE, siw and other drivers without a PMA have no counters/ at all: normal, nothing to read.
        COUNTERS_FILES.forEach((file, counter) -> {
            if (!(legacyExt && isDataOrPackets(counter))) {
                readInto(countersDir.resolve(file), counter, values, sources);
            }
        });
        if (legacyExt) {
            COUNTERS_EXT_FILES.forEach((file, counter) -> readInto(extDir.resolve(file), counter, values, sources));
        }

        boolean extended = legacyExt
                || IETF_FILES.stream().anyMatch(f -> Files.exists(countersDir.resolve(f)))
                || portsKnown64Bit.contains(portDir.toString())
                || values.entrySet().stream().anyMatch(e -> isDataOrPackets(e.getKey()) && e.getValue() > MAX_32_BIT);
        if (extended && !legacyExt) {
            portsKnown64Bit.add(portDir.toString());
        }

        Map<String, Long> byName = new TreeMap<>();
        values.forEach((counter, value) -> {
            int bits = counter.bits(extended);
            if (bits < 64 && value > counter.max(extended)) {
                files.badValue(sources.get(counter), new BadValueException("width",
                        "value " + value + " exceeds the " + bits + "-bit width of " + counter.ibaName()));
            } else {
                byName.put(counter.ibaName(), value);
                files.ok(sources.get(counter));
            }
        });
        return new Readout(extended, byName);
    }

    private void readInto(Path file, PortCounter counter, Map<PortCounter, Long> values,
                          Map<PortCounter, Path> sources) {
        Optional<String> text = files.read(file, SysfsFiles.Presence.OPTIONAL);
        if (text.isEmpty()) {
            return;
        }
        try {
            values.put(counter, SysfsValues.counter(text.get()));
            sources.put(counter, file);
        } catch (BadValueException e) {
            files.badValue(file, e);
        }
    }

    private static boolean isDataOrPackets(PortCounter counter) {
        return counter.kind() == PortCounter.Kind.DATA || counter.kind() == PortCounter.Kind.PACKETS;
    }
}
