package io.fabricpulse.agent.sysfs;

import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/** The sysfs source against fixture trees shaped like real hosts (src/test/resources/sysfs). */
class SysfsSourceTest {

    static Path fixture(String name) {
        try {
            return Path.of(SysfsSourceTest.class.getResource("/sysfs/" + name).toURI());
        } catch (Exception e) {
            throw new IllegalStateException("fixture " + name + " missing", e);
        }
    }

    @Test
    void connectX6HostWithHdrPortDownPortAndRoce() throws Exception {
        List<NodeReport> nodes = new SysfsSource(fixture("cx6-host")).poll();

        assertThat(nodes).extracting(NodeReport::guid)
                .containsExactly("0x0c42a10300a1b2c0", "0x0c42a10300a1b2c1", "0xb83fd20300a45e10");

        NodeReport hdr = nodes.get(0);
        assertThat(hdr).isEqualTo(new NodeReport("0x0c42a10300a1b2c0", "0x0c42a10300a1b2c0", NodeType.CA,
                "gpu-node-017 mlx5_0", "MT4123", "20.39.1002", "MT_0000000223", hdr.ports()));
        assertThat(hdr.ports()).containsExactly(new PortReport(1, 0x2a, 1, PortState.ACTIVE, PhysicalState.LINK_UP,
                LinkWidth.X4, LinkSpeed.HDR, Set.of(), Set.of(), "InfiniBand", true, Map.ofEntries(
                entry("SymbolErrorCounter", 3L),
                entry("LinkErrorRecoveryCounter", 0L),
                entry("LinkDownedCounter", 1L),
                entry("PortRcvErrors", 0L),
                entry("PortRcvRemotePhysicalErrors", 0L),
                entry("PortRcvSwitchRelayErrors", 0L),
                entry("PortXmitDiscards", 0L),
                entry("PortXmitConstraintErrors", 0L),
                entry("PortRcvConstraintErrors", 0L),
                entry("LocalLinkIntegrityErrors", 0L),
                entry("ExcessiveBufferOverrunErrors", 0L),
                entry("VL15Dropped", 0L),
                entry("PortXmitWait", 1843560727L),
                entry("PortXmitData", 98127364012873L),
                entry("PortRcvData", 87312309871234L),
                entry("PortXmitPkts", 412903847123L),
                entry("PortRcvPkts", 398127364512L),
                entry("PortUnicastXmitPkts", 412903812345L),
                entry("PortUnicastRcvPkts", 398127312345L),
                entry("PortMulticastXmitPkts", 34778L),
                entry("PortMulticastRcvPkts", 52167L)), null));

        PortReport down = nodes.get(1).ports().getFirst();
        assertThat(down.state()).isEqualTo(PortState.DOWN);
        assertThat(down.physicalState()).isEqualTo(PhysicalState.POLLING);
        assertThat(down.linkWidthActive()).as("a Polling port has no active width, whatever rate says").isNull();
        assertThat(down.linkSpeedActive()).isNull();
        assertThat(down.lid()).as("0xffff while no SM assigned one means unassigned").isZero();
        assertThat(down.extendedCounters()).as("the extended table has unicast files, even when all are zero").isTrue();
        assertThat(down.counters()).hasSize(21).containsEntry("PortXmitData", 0L);

        NodeReport roce = nodes.get(2);
        assertThat(roce.hcaType()).isEqualTo("MT4125");
        assertThat(roce.firmware()).isEqualTo("22.39.1002");
        PortReport ethernet = roce.ports().getFirst();
        assertThat(ethernet.linkLayer()).isEqualTo("Ethernet");
        assertThat(ethernet.linkWidthActive()).as("'1X EDR' is the kernel's name for 25GbE, no InfiniBand link").isNull();
        assertThat(ethernet.linkSpeedActive()).isNull();
        assertThat(ethernet.linkRateGbps()).isEqualTo(25.0);
        assertThat(ethernet.lid()).isZero();
        assertThat(ethernet.smLid()).isZero();
        assertThat(ethernet.counters()).containsEntry("PortXmitData", 5361209876L)
                .containsEntry("PortMulticastRcvPkts", 221L)
                .as("hw_counters are driver-specific and not IBA counters")
                .doesNotContainKeys("rx_write_requests", "out_of_sequence", "np_cnp_sent");
        assertThat(nodes).flatExtracting(NodeReport::ports).extracting(PortReport::peer).containsOnlyNulls();
    }

    /**
     * Issue 18's sysfs day: Soft-RoCE (rxe, no PMA counters, "1X EDR" being the kernel's name for 25GbE) next to
     * two InfiniBand HCAs whose IPoIB runs connected mode at MTU 65520; another host runs datagram at 2044.
     * The server's side of the same trees is DayOneSysfsTest.
     */
    @Test
    void softRoceIsEthernetAndIpoibModesAndMtusAreReadAsTheyAre() throws Exception {
        List<NodeReport> a = new SysfsSource(fixture("day-one-a").resolve("infiniband")).poll();
        List<NodeReport> b = new SysfsSource(fixture("day-one-b").resolve("infiniband")).poll();

        NodeReport rxe = a.stream().filter(n -> "rxe".equals(n.description())).findFirst().orElseThrow();
        assertThat(rxe.hcaType()).as("rxe has no hca_type file").isNull();
        assertThat(rxe.firmware()).as("an empty fw_ver is unknown, not a version").isNull();
        PortReport roce = rxe.ports().getFirst();
        assertThat(roce.linkLayer()).isEqualTo("Ethernet");
        assertThat(roce.linkWidthActive()).isNull();
        assertThat(roce.linkSpeedActive()).isNull();
        assertThat(roce.linkRateGbps()).isEqualTo(25.0);
        assertThat(roce.counters()).as("no PMA counters, and hw_counters are not IBA counters").isEmpty();
        assertThat(rxe.ipoib()).isEmpty();

        assertThat(a).filteredOn(n -> n.description().endsWith("mlx5_0") || n.description().endsWith("mlx5_1"))
                .flatExtracting(NodeReport::ipoib).containsExactly(
                        new IpoibInterface("ib0", "mlx5_0", 1, "connected", 65520, "up"),
                        new IpoibInterface("ib1", "mlx5_1", 1, "connected", 65520, "up"));
        assertThat(b).singleElement().satisfies(node -> {
            assertThat(node.ipoib()).containsExactly(new IpoibInterface("ib0", "mlx5_0", 1, "datagram", 2044, "up"));
            assertThat(node.ports().getFirst().linkLayer()).isEqualTo("InfiniBand");
            assertThat(node.ports().getFirst().linkWidthActive()).isEqualTo(LinkWidth.X4);
        });
    }

    @Test
    void connectX3OnOldDriverStackTakesDataCountersFromCountersExt() throws Exception {
        List<NodeReport> nodes = new SysfsSource(fixture("cx3-host")).poll();

        assertThat(nodes).hasSize(1);
        NodeReport node = nodes.getFirst();
        assertThat(node.guid()).isEqualTo("0x0002c903003178f0");
        assertThat(node.systemImageGuid()).isEqualTo("0x0002c903003178f3");
        assertThat(node.description()).isEqualTo("cn042 HCA-1");
        assertThat(node.hcaType()).isEqualTo("MT4099");
        assertThat(node.boardId()).isEqualTo("MT_1090120019");
        assertThat(node.ports()).extracting(PortReport::portNumber).containsExactly(1, 2);

        PortReport active = node.ports().get(0);
        assertThat(active.state()).isEqualTo(PortState.ACTIVE);
        assertThat(active.lid()).isEqualTo(2);
        assertThat(active.smLid()).isEqualTo(1);
        assertThat(active.linkWidthActive()).isEqualTo(LinkWidth.X4);
        assertThat(active.linkSpeedActive()).isEqualTo(LinkSpeed.QDR);
        assertThat(active.extendedCounters()).isTrue();
        assertThat(active.counters()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                entry("SymbolErrorCounter", 65535L),
                entry("LinkErrorRecoveryCounter", 12L),
                entry("LinkDownedCounter", 4L),
                entry("PortRcvErrors", 187L),
                entry("PortRcvRemotePhysicalErrors", 0L),
                entry("PortRcvSwitchRelayErrors", 0L),
                entry("PortXmitDiscards", 311L),
                entry("PortXmitConstraintErrors", 0L),
                entry("PortRcvConstraintErrors", 0L),
                entry("LocalLinkIntegrityErrors", 2L),
                entry("ExcessiveBufferOverrunErrors", 0L),
                entry("VL15Dropped", 0L),
                // the 32-bit counters/port_xmit_data is latched at 4294967295; counters_ext has the real value
                entry("PortXmitData", 731298734512L),
                entry("PortRcvData", 690123456789L),
                entry("PortXmitPkts", 1987443210L),
                entry("PortRcvPkts", 2123409871L),
                entry("PortUnicastXmitPkts", 1987001234L),
                entry("PortUnicastRcvPkts", 2122998877L),
                entry("PortMulticastXmitPkts", 441976L),
                entry("PortMulticastRcvPkts", 410994L)));

        PortReport noSm = node.ports().get(1);
        assertThat(noSm.state()).as("Init on a trained link: no subnet manager").isEqualTo(PortState.INIT);
        assertThat(noSm.physicalState()).isEqualTo(PhysicalState.LINK_UP);
        assertThat(noSm.linkSpeedActive()).isEqualTo(LinkSpeed.QDR);
        assertThat(noSm.lid()).isZero();
    }

    @Test
    void hostileTreeKeepsEveryGoodValueAndDropsEachBadOne() throws Exception {
        List<NodeReport> nodes;
        try (CapturedLog log = new CapturedLog()) {
            nodes = new SysfsSource(fixture("hostile-host")).poll();

            assertThat(log.linesWith("mlx5_1/node_guid", "not a GUID: 'not-a-guid'")).hasSize(1);
            assertThat(log.linesWith("mlx5_4/node_guid", "GUID is zero")).hasSize(1);
            assertThat(log.linesWith("iwp3s0/node_type", "not an InfiniBand or RoCE node")).hasSize(1);
            assertThat(log.linesWith("mlx5_0/ports/1/counters/symbol_error", "'garbage'")).hasSize(1);
            assertThat(log.linesWith("mlx5_0/ports/1/counters/link_downed", "negative value '-1'")).hasSize(1);
            assertThat(log.linesWith("port_rcv_errors", "beyond 2^63-1")).hasSize(1);
            assertThat(log.linesWith("port_xmit_discards", "empty file")).hasSize(1);
            assertThat(log.linesWith("VL15_dropped", "value 70000 exceeds the 16-bit width of VL15Dropped")).hasSize(1);
            assertThat(log.linesWith("excessive_buffer_overrun_errors", "exceeds the 4-bit width")).hasSize(1);
            assertThat(log.linesWith("mlx5_0/ports/1/lid", "'banana'")).hasSize(1);
            assertThat(log.linesWith("mlx5_0/ports/1/rate", "'fast'")).hasSize(1);
            assertThat(log.linesWith("mlx5_0/ports/1/link_layer", "'Token Ring'")).hasSize(1);
            assertThat(log.linesWith("mlx5_3/ports/1/state", "file is missing")).hasSize(1);
            assertThat(log.linesWith("mlx5_3/ports/2/phys_state", "no physical state has code 9")).hasSize(1);
            assertThat(log.linesWith("mlx5_2/node_desc", "longer than 4096 bytes")).hasSize(1);
            assertThat(log.linesWith("mlx5_2/ports", "cannot list ports")).hasSize(1);
            assertThat(log.lines()).allSatisfy(line -> assertThat(line).doesNotContain("Exception", "\tat "));
        }

        assertThat(nodes).extracting(NodeReport::guid)
                .containsExactly("0x0c42a10300b00010", "0x0c42a10300b00012", "0x0c42a10300b00013");

        NodeReport evil = nodes.getFirst();
        assertThat(evil.description()).isEqualTo("evil node  [31m red");
        PortReport port = evil.ports().getFirst();
        assertThat(port.state()).isEqualTo(PortState.ACTIVE);
        assertThat(port.lid()).isZero();
        assertThat(port.smLid()).isEqualTo(1);
        assertThat(port.linkWidthActive()).isNull();
        assertThat(port.linkSpeedActive()).isNull();
        assertThat(port.linkLayer()).isNull();
        assertThat(port.extendedCounters()).as("no unicast files and every value fits 32 bits").isFalse();
        assertThat(port.counters()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                entry("PortRcvRemotePhysicalErrors", 0L),
                entry("PortRcvSwitchRelayErrors", 0L),
                entry("PortXmitConstraintErrors", 0L),
                entry("PortRcvConstraintErrors", 0L),
                entry("LocalLinkIntegrityErrors", 3L),
                entry("PortRcvData", 123456L),
                entry("PortXmitPkts", 789L),
                entry("PortRcvPkts", 4294967295L)));

        NodeReport noPorts = nodes.get(1);
        assertThat(noPorts.description()).as("a 5000-byte node_desc is not a kernel attribute").isNull();
        assertThat(noPorts.systemImageGuid()).isNull();
        assertThat(noPorts.firmware()).isNull();
        assertThat(noPorts.boardId()).as("blank").isNull();
        assertThat(noPorts.ports()).isEmpty();

        NodeReport partial = nodes.get(2);
        assertThat(partial.ports()).as("port 1 lacks state, port 2 has an unknown phys_state, notaport and 999 are no ports")
                .extracting(PortReport::portNumber).containsExactly(3);
        PortReport noCounters = partial.ports().getFirst();
        assertThat(noCounters.linkWidthActive()).isEqualTo(LinkWidth.X2);
        assertThat(noCounters.linkSpeedActive()).isEqualTo(LinkSpeed.HDR);
        assertThat(noCounters.counters()).isEmpty();
        assertThat(noCounters.extendedCounters()).isFalse();
    }

    @Test
    void problemsAreLoggedOncePerFileAndReasonNotOnEveryPoll() throws Exception {
        SysfsSource source = new SysfsSource(fixture("hostile-host"));
        try (CapturedLog log = new CapturedLog()) {
            for (int poll = 0; poll < 5; poll++) {
                assertThat(source.poll()).hasSize(3);
            }
            assertThat(log.linesWith("counters/symbol_error")).hasSize(1);
            assertThat(log.linesWith("mlx5_1/node_guid")).hasSize(1);
            assertThat(log.lines()).hasSize(new java.util.HashSet<>(log.lines().stream()
                    .map(line -> line.substring(line.indexOf(' '))).toList()).size());
        }
    }

    @Test
    void probeSaysWhatItFound() {
        var probe = new SysfsSource(fixture("cx6-host")).probe();
        assertThat(probe.usable()).isTrue();
        assertThat(probe.source()).isEqualTo("sysfs");
        assertThat(probe.detail()).endsWith("3 devices under " + fixture("cx6-host") + ", 3 ports, 2 Active");
    }
}
