package io.fabricpulse.server.web.inventory;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCapability;

import java.time.Instant;
import java.util.EnumSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static io.fabricpulse.server.web.TestPorts.port;
import static org.assertj.core.api.Assertions.assertThat;

class InventoryPageTest extends InventorySliceTest {

    static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");
    static final String LEAF = "0x0002c90200000001";
    static final String SPINE = "0x0002c90200000002";

    /**
     * Two switches (one model, one firmware), four hosts of model MT4123 of which one runs other firmware,
     * one host of an unreported model; host 2 trained at 1X, host 3 at FDR, host 4 is Down; an unused switch
     * port is Down and no drift.
     */
    void publishFabric() {
        List<NodeView> nodes = new ArrayList<>(List.of(
                new NodeView(LEAF, "leaf01", NodeType.SWITCH, "leaf01", "SB7800", "15.2000.2046", 36, AT),
                new NodeView(SPINE, "spine01", NodeType.SWITCH, "spine01", "SB7800", "15.2000.2046", 36, AT)));
        List<PortView> ports = new ArrayList<>();
        for (int h = 1; h <= 5; h++) {
            String guid = host(h);
            String model = h == 5 ? null : "MT4123";
            String firmware = h == 4 ? "20.28.1002" : "20.31.1014";
            nodes.add(new NodeView(guid, "node%03d HCA-1".formatted(h), NodeType.CA, "", model, firmware, 1, AT));
            var hostPort = port("node%03d HCA-1".formatted(h), guid, 1).peer(LEAF, h).capability(EDR_4X);
            var leafPort = port("leaf01", LEAF, h).type(NodeType.SWITCH).peer(guid, 1).capability(EDR_4X);
            switch (h) {
                case 2 -> {
                    hostPort.link("1X", "EDR");
                    leafPort.link("1X", "EDR");
                }
                case 3 -> hostPort.link("4X", "FDR");
                case 4 -> hostPort.state(PortState.DOWN, PhysicalState.POLLING).peer(null, 0);
                default -> { }
            }
            ports.add(hostPort.build());
            if (h != 4) {
                ports.add(leafPort.build());
            }
        }
        ports.add(port("leaf01", LEAF, 36).type(NodeType.SWITCH).state(PortState.DOWN, PhysicalState.POLLING).build());
        ports.add(port("spine01", SPINE, 1).type(NodeType.SWITCH).peer(LEAF, 20).build());
        fabric.publish(AT, nodes, ports);
    }

    /** What every port of this fabric supports and has enabled: up to 4X EDR. */
    static final PortCapability EDR_4X = new PortCapability(EnumSet.of(LinkWidth.X1, LinkWidth.X4),
            EnumSet.range(LinkSpeed.SDR, LinkSpeed.EDR));

    static String host(int h) {
        return "0x0002c903000000%02x".formatted(h);
    }

    @Test
    void groupsModelsWithTheirFirmwareAndMarksMixedFirmware() {
        publishFabric();
        Document page = render("/inventory");

        assertThat(page.title()).isEqualTo("Inventory · FabricPulse");
        assertThat(page.selectFirst("header nav a[aria-current=page]").text()).isEqualTo("Inventory");
        List<Element> models = page.select("table.models-table tbody tr");
        assertThat(models).extracting(Element::text).as("MT4123 is the device id 0x101b: a ConnectX-6").containsExactly(
                "SB7800 Switch 2 15.2000.2046 (2)",
                "ConnectX-6 CA 4 20.31.1014 (3), 20.28.1002 (1)",
                "unknown CA 1 20.31.1014 (1)");
        assertThat(models).extracting(r -> r.attr("data-severity")).containsExactly("ok", "error", "ok");
        assertThat(stat(page, "mixed-models")).isEqualTo("1");
        assertThat(stat(page, "firmware-drift")).isEqualTo("1");

        Element node4 = page.selectFirst("table.nodes-inventory tr[data-guid=" + host(4) + "]");
        assertThat(node4.selectFirst("td[data-col=firmware]").hasClass("bad")).as("firmware off the model's usual").isTrue();
        assertThat(page.selectFirst("table.nodes-inventory tr[data-guid=" + host(1) + "] td[data-col=firmware]").hasClass("bad")).isFalse();
        assertThat(node4.selectFirst("a").attr("href")).isEqualTo("/nodes/" + host(4));
    }

    @Test
    void listsLinksBelowWhatBothEndsCanDoAndCabledPortsThatAreNotActive() {
        publishFabric();
        Document page = render("/inventory");

        assertThat(page.selectFirst("#drift .section-note").text()).contains("support and enable");
        List<Element> drift = page.select("table.drift-table tbody tr");
        assertThat(drift).extracting(r -> r.select("td").get(0).text() + "[" + r.select("td").get(1).text() + "] "
                        + r.select("td").get(4).text())
                .containsExactly("leaf01[2] width below 4X", "node002 HCA-1[1] width below 4X",
                        "node003 HCA-1[1] speed below EDR", "node004 HCA-1[1] not Active");
        assertThat(stat(page, "link-drift")).isEqualTo("4");
        Element leafPort = drift.getFirst();
        assertThat(leafPort.select("td").get(5).selectFirst("a").attr("href")).isEqualTo("/nodes/" + host(2) + "/ports/1");
        assertThat(leafPort.select("td").get(1).selectFirst("a").attr("href")).isEqualTo("/nodes/" + LEAF + "/ports/2");
        assertThat(page.selectFirst("table.nodes-inventory tr[data-guid=" + LEAF + "] td[data-col=links]").text())
                .isEqualTo("1X EDR, 4X EDR");
        assertThat(page.selectFirst("table.nodes-inventory tr[data-guid=" + LEAF + "] td[data-col=capability]").text()).isEqualTo("1X/4X, SDR–EDR");
    }

    @Test
    void saysSoWhenThereIsNoDrift() {
        fabric.publish(AT, List.of(new NodeView(LEAF, "leaf01", NodeType.SWITCH, "", "SB7800", "1", 1, AT)),
                List.of(port("leaf01", LEAF, 1).type(NodeType.SWITCH).build()));

        Document page = render("/inventory");

        assertThat(page.selectFirst("table.drift-table")).isNull();
        assertThat(page.selectFirst("#drift .empty").text()).startsWith("No drift");
        assertThat(stat(page, "link-drift")).isEqualTo("0");
    }

    @Test
    void pagesTheNodesAndRefusesPagesThatDoNotExist() {
        fabric.publish(AT, IntStream.rangeClosed(1, 150).mapToObj(i -> new NodeView("0x%016x".formatted(i),
                "host%03d".formatted(i), NodeType.CA, "", "MT4123", "1", 1, AT)).toList(), List.of());

        assertThat(render("/inventory").select("table.nodes-inventory tbody tr")).hasSize(100);
        Document second = render("/inventory?page=2");
        assertThat(second.select("table.nodes-inventory tbody tr")).hasSize(50);
        assertThat(second.selectFirst(".pager").text()).contains("page 2 of 2");
        client.get().uri("/inventory?page=3").exchange().expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail").isEqualTo("page page 3 does not exist: 150 nodes fill pages 1 to 2 of 100");
        client.get().uri("/inventory?page=x").exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("query parameter 'page' must be a page number from 1 to 2, was 'x'");
    }

    @Test
    void namesSwitchModelsByDeviceIdFlagsIpoibDriftLabelsRoceAndListsPortsWithoutACable() {
        List<NodeView> nodes = List.of(
                new NodeView(LEAF, "leaf01", NodeType.SWITCH, "leaf01", null, null, 8, AT, 0x0002c9, 0xd2f0, 0xa1L, 40,
                        null, null, null),
                new NodeView(SPINE, "spine01", NodeType.SWITCH, "spine01", null, null, 8, AT, 0x0002c9, 0xbeef, 0xa0L, 36,
                        null, null, null),
                new NodeView(host(1), "gpu01", NodeType.CA, "", "MT4123", "20.31.1014", 2, AT, null, null, null, null,
                        "MT_0000000223", List.of(new IpoibInterface("ib0", "mlx5_0", 1, "connected", 65520, "up")), null),
                new NodeView(host(2), "gpu02", NodeType.CA, "", "MT4123", "20.31.1014", 2, AT, null, null, null, null,
                        "MT_0000000223", List.of(new IpoibInterface("ib0", "mlx5_0", 1, "connected", 65520, "up")), null),
                new NodeView(host(3), "gpu03", NodeType.CA, "", "MT4123", "20.31.1014", 2, AT, null, null, null, null,
                        "MT_0000000223", List.of(new IpoibInterface("ib0", "mlx5_0", 1, "datagram", 2044, "up")), null));
        List<PortView> ports = List.of(
                port("gpu01", host(1), 1).peer(LEAF, 1).build(),
                port("gpu01", host(1), 2).ethernet(25).build(),
                port("leaf01", LEAF, 1).type(NodeType.SWITCH).peer(host(1), 1).build(),
                port("leaf01", LEAF, 7).type(NodeType.SWITCH).state(PortState.DOWN, PhysicalState.POLLING).build(),
                port("leaf01", LEAF, 8).type(NodeType.SWITCH).state(PortState.DOWN, PhysicalState.DISABLED).build());
        fabric.publish(AT, nodes, ports);

        Document page = render("/inventory");

        assertThat(page.select("table.models-table tbody tr td:first-child")).extracting(Element::text)
                .as("a known device id names the model; an unknown one is shown raw")
                .contains("Quantum", "device 0xbeef of vendor 0x0002c9", "ConnectX-6");
        Element leaf = page.selectFirst("table.nodes-inventory tr[data-guid=" + LEAF + "]");
        assertThat(leaf.selectFirst("td[data-col=device]").text()).isEqualTo("0xd2f0");
        assertThat(leaf.selectFirst("td[data-col=revision]").text()).isEqualTo("0x000000a1");
        assertThat(leaf.selectFirst("td[data-col=num-ports]").text()).isEqualTo("40");
        Element gpu01 = page.selectFirst("table.nodes-inventory tr[data-guid=" + host(1) + "]");
        assertThat(gpu01.selectFirst("td[data-col=links]").text()).isEqualTo("4X EDR, Ethernet 25 Gb/s");
        assertThat(gpu01.selectFirst("td[data-col=capability]").text()).isEqualTo("capability unknown");
        assertThat(gpu01.selectFirst("td[data-col=board]").text()).isEqualTo("MT_0000000223");
        assertThat(gpu01.selectFirst("td[data-col=ipoib]").text()).isEqualTo("ib0 connected 65520 up");

        assertThat(stat(page, "ipoib-drift")).isEqualTo("1");
        assertThat(page.select("table.ipoib-table tbody tr")).singleElement().satisfies(row -> {
            assertThat(row.attr("data-guid")).isEqualTo(host(3));
            assertThat(row.text()).contains("datagram", "2044", "connected, MTU 65520");
        });
        assertThat(page.selectFirst("table.nodes-inventory tr[data-guid=" + host(3) + "] td[data-col=ipoib]").hasClass("bad"))
                .isTrue();
        assertThat(page.selectFirst("#drift [data-unjudged]").text()).contains("capability unknown");
        assertThat(page.select("table.drift-table tbody tr")).as("not guessed, and the RoCE port is no IB link").isEmpty();

        assertThat(page.select("table.unlinked-table tbody tr")).extracting(r -> r.attr("data-port") + " " + r.attr("data-status")
                + " " + r.attr("data-cable")).containsExactly("7 not linked false", "8 disabled false");
        assertThat(page.selectFirst("table.unlinked-table tbody tr").text()).contains("never linked");
        assertThat(page.selectFirst("[data-stat=lost-cables] .detail").text()).isEqualTo("0 lost cables, 1 disabled");
    }

    private static String stat(Document page, String name) {
        return page.selectFirst("[data-stat=" + name + "] .value").text();
    }
}
