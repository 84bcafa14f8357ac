package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class NodeReportsTest {

    private static PortReport port(int number, long symbolErrors) {
        return new PortReport(number, 1, 1, PortState.ACTIVE, PhysicalState.LINK_UP, null, null, Set.of(), Set.of(),
                "InfiniBand", false, Map.of("SymbolErrorCounter", symbolErrors), null);
    }

    @Test
    void eachNodeOnceEachPortOnceTheFirstReadingWins() {
        NodeReport ownHost = new NodeReport("0x01", null, NodeType.CA, "gpu-1 HCA-1", "MT4123", "20.31", null,
                List.of(port(1, 5)));
        NodeReport ownPeer = new NodeReport("0x02", "0x02", NodeType.SWITCH, "leaf-1", null, null, null,
                List.of(port(7, 1)));
        NodeReport sweptLeaf = new NodeReport("0x02", "0x02", NodeType.SWITCH, "leaf-1", null, null, null,
                List.of(port(7, 2), port(8, 3)));
        NodeReport walkedHost = new NodeReport("0x01", "0x01", NodeType.CA, "gpu-1 HCA-1", null, null, null,
                List.of(port(1, 0), port(2, 0)));

        List<NodeReport> merged = NodeReports.merge(List.of(ownHost, ownPeer), List.of(sweptLeaf, walkedHost));

        assertThat(merged).extracting(NodeReport::guid).containsExactly("0x01", "0x02");
        NodeReport host = merged.getFirst();
        assertThat(host.hcaType()).isEqualTo("MT4123");
        assertThat(host.systemImageGuid()).as("filled in from the walk").isEqualTo("0x01");
        assertThat(host.ports()).extracting(PortReport::portNumber).containsExactly(1, 2);
        assertThat(host.ports().getFirst().counters()).containsEntry("SymbolErrorCounter", 5L);
        assertThat(merged.get(1).ports()).extracting(p -> p.counters().get("SymbolErrorCounter")).containsExactly(1L, 3L);
    }
}
