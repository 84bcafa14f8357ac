package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.rules.LinkDegradedRule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code link-degraded} through the live fabric and the engine, on fabrics built like ibsim builds them: ports that
 * support 1X to 12X and SDR to QDR, enable 4X and SDR, and train at the best both ends enable. A port whose enabled
 * set was narrowed below its node's other ports' (ibsim's {@code w=1}, an {@code ibportstate ... width 1}) makes its
 * link alert once, named as such; a node that enables the same narrow set everywhere does not.
 */
class LinkDegradedRuleTest extends OnFreshStateStore {

    private static final String LEAF = "0x0002c90200410d02";
    private static final Set<LinkWidth> ALL_WIDTHS = EnumSet.allOf(LinkWidth.class);
    private static final Set<LinkSpeed> SDR_TO_QDR = EnumSet.of(LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR);
    private static final Set<LinkWidth> X4 = EnumSet.of(LinkWidth.X4);
    private static final Set<LinkWidth> X1 = EnumSet.of(LinkWidth.X1);
    private static final Set<LinkSpeed> SDR = EnumSet.of(LinkSpeed.SDR);
    private static final Set<LinkSpeed> QDR = EnumSet.of(LinkSpeed.QDR);

    private final AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());

    @Test
    void aPortEnabledNarrowerThanItsSiblingsMakesItsLinkAlertOnce() {
        Fabric fabric = new Fabric(X4, SDR).cable(1, X4, SDR).cable(2, X4, SDR).cable(5, X1, SDR).empty(3).empty(4);
        for (int poll = 0; poll < 3; poll++) {
            bed.push("discover", fabric.nodes());
            bed.advanceSeconds(2);
        }

        assertThat(bed.openRows()).singleElement().satisfies(alert -> {
            assertThat(alert.rule()).isEqualTo(LinkDegradedRule.NAME);
            assertThat(alert.alertKey()).contains(LEAF + "/5").contains(Fabric.host(5) + "/1");
            assertThat(alert.summary()).isEqualTo("link runs at 1X SDR (2 Gb/s), can do 4X SDR (8 Gb/s); "
                    + "leaf-a port 5 (LID 105) enables 1X where leaf-a enables 4X on its other ports "
                    + "(LinkWidthEnabled narrowed below its siblings')");
            assertThat(alert.context()).contains("ibportstate <lid> <port> query").doesNotContain("Reseat");
        });
        assertThat(bed.events(AlertEventKind.FIRED)).as("both ends judge it, one alert").hasSize(1);
    }

    @Test
    void aNarrowedSwitchPortAlertsWhenItsHostIsKnownOnlyThroughTheSwitch() {
        Fabric fabric = new Fabric(X4, SDR).cable(1, X4, SDR).cable(2, X4, SDR).cable(5, X1, SDR).empty(3);
        NodeReport[] nodes = fabric.nodes();
        NodeReport leafOnly = nodes[nodes.length - 1];
        bed.push("discover", leafOnly);
        bed.advanceSeconds(2);
        bed.push("discover", leafOnly);

        assertThat(bed.openRows()).as("hosts as a discover agent sends them: identity only, read over the cable")
                .singleElement().satisfies(alert -> assertThat(alert.summary()).contains("leaf-a port 5 (LID 105) "
                        + "enables 1X where leaf-a enables 4X on its other ports"));
    }

    @Test
    void pollsThatLeaveTheEmptyPortsOutKeepTheVerdict() {
        Fabric fabric = new Fabric(X4, SDR).cable(5, X1, SDR).empty(1).empty(2).empty(3);
        bed.push("discover", fabric.nodes());
        Fabric linkedOnly = new Fabric(X4, SDR).cable(5, X1, SDR);
        for (int poll = 0; poll < 60; poll++) {
            bed.advanceSeconds(2);
            bed.push("discover", linkedOnly.nodes());
        }

        assertThat(bed.openRows()).as("the empty ports come with walks only, as a discover agent sends them")
                .singleElement().satisfies(alert -> assertThat(alert.summary()).contains("leaf-a port 5"));
        assertThat(bed.events(AlertEventKind.RESOLVED)).isEmpty();
    }

    @Test
    void aNodeThatEnablesTheSameNarrowSetEverywhereMeantIt() {
        Fabric fabric = new Fabric(X1, SDR).cable(1, X1, SDR).cable(2, X1, SDR).cable(5, X1, SDR).empty(3);
        bed.push("discover", fabric.nodes());
        bed.advanceSeconds(2);
        bed.push("discover", fabric.nodes());

        assertThat(bed.openRows()).isEmpty();
    }

    @Test
    void aSpeedNarrowedBelowItsSiblingsAlertsLikewise() {
        Fabric fabric = new Fabric(X4, QDR).cable(1, X4, QDR).cable(2, X4, SDR).empty(3);
        bed.push("discover", fabric.nodes());
        bed.advanceSeconds(2);
        bed.push("discover", fabric.nodes());

        assertThat(bed.openRows()).singleElement().satisfies(alert -> {
            assertThat(alert.alertKey()).contains(LEAF + "/2");
            assertThat(alert.summary()).startsWith("link runs at 4X SDR (8 Gb/s), can do 4X QDR (32 Gb/s); ")
                    .contains("leaf-a port 2 (LID 102) enables SDR where leaf-a enables QDR on its other ports "
                            + "(LinkSpeedEnabled narrowed");
        });
    }

    @Test
    void aHostThatSupportsOnly1XLeavesItsNarrowedSwitchPortAlone() {
        Fabric fabric = new Fabric(X4, SDR).cable(1, X4, SDR).cable(2, X4, SDR).cable(5, X1, SDR);
        fabric.hostSupports(5, X1);
        bed.push("discover", fabric.nodes());
        bed.advanceSeconds(2);
        bed.push("discover", fabric.nodes());

        assertThat(bed.openRows()).as("the link runs at the best the host can do at all").isEmpty();
    }

    @Test
    void theExpectedSettingOverridesTheSiblings() {
        AlertTestbed expecting1X = new AlertTestbed(db, clock, new AlertsProperties(Map.of(LinkDegradedRule.NAME,
                new RuleSettings(null, null, null, null, null, null, null, "1X SDR")), Map.of(), Duration.ofMinutes(30),
                3, Duration.ofSeconds(1), Duration.ofSeconds(15), 1000));
        Fabric fabric = new Fabric(X4, SDR).cable(1, X4, SDR).cable(5, X1, SDR);
        expecting1X.push("discover", fabric.nodes());
        expecting1X.advanceSeconds(2);
        expecting1X.push("discover", fabric.nodes());

        assertThat(expecting1X.openRows()).as("the operator says 1X is what this cluster runs").isEmpty();
    }

    /**
     * A leaf whose ports support 1X to 12X and SDR to QDR and enable {@code widths} and {@code speeds} unless a
     * cable says otherwise, and single-port hosts that support as much and enable what their cable's switch end
     * enables, each link trained at the best both ends enable (as ibsim trains them).
     */
    private static final class Fabric {
        private final Set<LinkWidth> widths;
        private final Set<LinkSpeed> speeds;
        private final List<PortReport> leafPorts = new ArrayList<>();
        private final Map<Integer, Set<LinkWidth>> hostSupports = new HashMap<>();
        private final List<Cable> cables = new ArrayList<>();

        /** A host cabled to {@code leafPort}; both ends enable {@code widths} and {@code speeds} (ibsim's w= and s=). */
        private record Cable(int leafPort, Set<LinkWidth> widths, Set<LinkSpeed> speeds) {
        }

        Fabric(Set<LinkWidth> widths, Set<LinkSpeed> speeds) {
            this.widths = widths;
            this.speeds = speeds;
        }

        static String host(int leafPort) {
            return "0x0002c9030031aa%02d".formatted(leafPort);
        }

        Fabric cable(int leafPort, Set<LinkWidth> enabledWidths, Set<LinkSpeed> enabledSpeeds) {
            cables.add(new Cable(leafPort, enabledWidths, enabledSpeeds));
            return this;
        }

        Fabric empty(int leafPort) {
            leafPorts.add(new PortReport(leafPort, 100 + leafPort, 1, PortState.DOWN, PhysicalState.POLLING, null, null,
                    ALL_WIDTHS, SDR_TO_QDR, "InfiniBand", true, Map.of(), null, widths, speeds, null, null, null));
            return this;
        }

        void hostSupports(int leafPort, Set<LinkWidth> supported) {
            hostSupports.put(leafPort, supported);
        }

        NodeReport[] nodes() {
            List<PortReport> ports = new ArrayList<>(leafPorts);
            List<NodeReport> nodes = new ArrayList<>();
            for (Cable cable : cables) {
                int leafPort = cable.leafPort();
                Set<LinkWidth> enabledWidths = cable.widths();
                Set<LinkSpeed> enabledSpeeds = cable.speeds();
                Set<LinkWidth> hostWidths = hostSupports.getOrDefault(leafPort, ALL_WIDTHS);
                LinkWidth width = enabledWidths.stream().filter(hostWidths::contains)
                        .max(Comparator.comparingInt(LinkWidth::lanes)).orElseThrow();
                LinkSpeed speed = enabledSpeeds.stream().max(Comparator.comparingDouble(LinkSpeed::laneGbps))
                        .orElseThrow();
                ports.add(active(leafPort, 100 + leafPort, width, speed, ALL_WIDTHS, enabledWidths, enabledSpeeds,
                        new PeerPort(host(leafPort), 1, PortCapability.of(hostWidths, enabledWidths, SDR_TO_QDR,
                                enabledSpeeds))));
                nodes.add(new NodeReport(host(leafPort), "node-" + leafPort, NodeType.CA, "node-" + leafPort, "MT4123",
                        "20.31.1014", "MT_0000000223", List.of(active(1, 200 + leafPort, width, speed, hostWidths,
                        enabledWidths, enabledSpeeds, new PeerPort(LEAF, leafPort)))));
            }
            nodes.add(new NodeReport(LEAF, null, NodeType.SWITCH, "leaf-a", null, null, null, ports, 0x2c9, 0xd2f0, 0L,
                    12, null, null));
            return nodes.toArray(NodeReport[]::new);
        }

        private static PortReport active(int number, int lid, LinkWidth width, LinkSpeed speed, Set<LinkWidth> supported,
                                         Set<LinkWidth> enabledWidths, Set<LinkSpeed> enabledSpeeds, PeerPort peer) {
            return new PortReport(number, lid, 1, PortState.ACTIVE, PhysicalState.LINK_UP, width, speed, supported,
                    SDR_TO_QDR, "InfiniBand", true, Map.of(), peer, enabledWidths, enabledSpeeds, null, null, null);
        }
    }
}
