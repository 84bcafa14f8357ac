package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadDecodeException;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * perfquery's output for ClassPortInfo capabilities ibsim never answers with (it reports one fixed
 * CapMask per node type). Expected texts follow perfquery.c's dump_perfcounters and libibmad's
 * field table; the data are byte vectors laid out by the IBA tables (data from byte 64).
 */
class PerfqueryPrinterTest {

    private static final HexFormat HEX = HexFormat.of();

    /** A 256-byte MAD with {@code hex} at attribute offset {@code offset}. */
    private static byte[] mad(int offset, String hex) {
        byte[] mad = new byte[256];
        byte[] bytes = HEX.parseHex(hex.replace(" ", ""));
        System.arraycopy(bytes, 0, mad, 64 + offset, bytes.length);
        return mad;
    }

    /** ClassPortInfo with CapabilityMask at bytes 2-3 and CapabilityMask2 in the 27 bits after it. */
    private static ClassPortInfo classPortInfo(int capabilityMask, int capabilityMask2) throws MadDecodeException {
        int word = capabilityMask2 << 5 | 0x12; // RespTimeValue in the low 5 bits must not leak in
        return ClassPortInfo.decode(MadData.of(mad(0, "0101%04x%08x".formatted(capabilityMask, word))));
    }

    @Test
    void portXmitWaitIsZeroUnlessClassPortInfoVouchesForIt() throws MadDecodeException {
        // PortSelect 2, SymbolErrorCounter 0xffff, PortXmitWait 0x000004d2 (1234) at bytes 40-43
        byte[] counters = mad(0, "0002 0000 ffff");
        System.arraycopy(HEX.parseHex("000004d2"), 0, counters, 64 + 40, 4);
        String without = PerfqueryPrinter.counters(7, 2, classPortInfo(0x0200, 0), MadData.of(counters));
        String with = PerfqueryPrinter.counters(7, 2, classPortInfo(0x1200, 0), MadData.of(counters));
        assertThat(without).startsWith("# Port counters: Lid 7 port 2 (CapMask: 0x200)\nPortSelect:......................2\n")
                .contains("SymbolErrorCounter:..............65535\n")
                .endsWith("PortRcvPkts:.....................0\nPortXmitWait:....................0\n");
        assertThat(with).startsWith("# Port counters: Lid 7 port 2 (CapMask: 0x1200)\n")
                .endsWith("PortXmitWait:....................1234\n");
        assertThat(with.lines()).hasSize(22);
    }

    @Test
    void noIetfExtendedCountersShowOnlyDataAndPackets() throws MadDecodeException {
        String text = PerfqueryPrinter.extendedCounters(3, 1, classPortInfo(0x0400, 0),
                MadData.of(mad(0, "0001 0000 00000000 " + "0000000000000010 0000000000000020 0000000000000030 "
                        + "0000000000000040 0000000000000050")));
        assertThat(text).isEqualTo("""
                # Port extended counters: Lid 3 port 1 (CapMask: 0x400 CapMask2: 0x0000000)
                PortSelect:......................1
                CounterSelect:...................0x0000
                PortXmitData:....................16
                PortRcvData:.....................32
                PortXmitPkts:....................48
                PortRcvPkts:.....................64
                """);
    }

    @Test
    void additionalExtendedCountersFollowCapabilityMask2() throws MadDecodeException {
        // CounterSelect2 at bytes 4-7, the 64-bit SymbolErrorCounter at bytes 72-79 at its latch value,
        // PortXmitWait at 168-175 and QP1Dropped at 176-183
        byte[] counters = mad(0, "00ff 0000 0000abcd");
        System.arraycopy(HEX.parseHex("ffffffffffffffff"), 0, counters, 64 + 72, 8);
        System.arraycopy(HEX.parseHex("0000000000000007"), 0, counters, 64 + 168, 8);
        System.arraycopy(HEX.parseHex("0000000000000009"), 0, counters, 64 + 176, 8);
        String text = PerfqueryPrinter.extendedCounters(9, 255, classPortInfo(0x1700, 0x2), MadData.of(counters));
        assertThat(text.lines()).containsExactly(
                "# Port extended counters: Lid 9 port 255 (CapMask: 0x1700 CapMask2: 0x0000002)",
                "PortSelect:......................255", "CounterSelect:...................0x0000",
                "PortXmitData:....................0", "PortRcvData:.....................0",
                "PortXmitPkts:....................0", "PortRcvPkts:.....................0",
                "PortUnicastXmitPkts:.............0", "PortUnicastRcvPkts:..............0",
                "PortMulticastXmitPkts:...........0", "PortMulticastRcvPkts:............0",
                "CounterSelect2:..................0x0000abcd",
                "SymbolErrorCounter:..............18446744073709551615",
                "LinkErrorRecoveryCounter:........0", "LinkDownedCounter:...............0",
                "PortRcvErrors:...................0", "PortRcvRemotePhysicalErrors:.....0",
                "PortRcvSwitchRelayErrors:........0", "PortXmitDiscards:................0",
                "PortXmitConstraintErrors:........0", "PortRcvConstraintErrors:.........0",
                "LocalLinkIntegrityErrors:........0", "ExcessiveBufferOverrunErrors:....0",
                "VL15Dropped:.....................0", "PortXmitWait:....................7",
                "QP1Dropped:......................9");
    }
}
