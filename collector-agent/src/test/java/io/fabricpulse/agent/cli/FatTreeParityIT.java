package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.FabricPorts;
import io.fabricpulse.agent.testing.FatTreeTopology;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static io.fabricpulse.agent.testing.FatTreeTopology.leaf;
import static io.fabricpulse.agent.testing.FatTreeTopology.spine;

/**
 * The 648-host fat tree (36 leaves × 18 hosts, 18 spines). Comparing all 2,600 ports would take
 * minutes of process starts; a fixed sample covers first/last host and uplink ports of near and
 * far leaves, spine ports, and hosts near and far from the client.
 */
class FatTreeParityIT extends AbstractMadParityIT {

    private static final int LEAVES = 36;

    @Override
    Path topology(Path workDir) {
        return FatTreeTopology.write(workDir.resolve("fat-tree-648.net"), LEAVES);
    }

    @Override
    String host() {
        return FatTreeTopology.host(1, 1);
    }

    @Override
    List<FabricPorts.Port> sample(List<FabricPorts.Port> all) {
        Set<String> switches = Set.of(leaf(1), leaf(LEAVES), spine(1), spine(FatTreeTopology.DOWN));
        Set<String> hosts = Set.of(FatTreeTopology.host(1, 1), FatTreeTopology.host(1, 18), FatTreeTopology.host(17, 5), FatTreeTopology.host(LEAVES, 18));
        Set<Integer> switchPorts = Set.of(1, 18, 19, 36);
        return all.stream().filter(p -> p.isSwitch() ? switches.contains(p.name()) && switchPorts.contains(p.port())
                : hosts.contains(p.name())).toList();
    }

    @Override
    List<NodePort> injectionTargets() {
        return List.of(new NodePort(leaf(LEAVES), 19), new NodePort(FatTreeTopology.host(17, 5), 1));
    }

    @Override
    NodePort unlinkedCa() {
        return new NodePort(FatTreeTopology.host(LEAVES, 18), 1);
    }

    @Override
    NodePort unlinkedSwitchSide() {
        return new NodePort(leaf(LEAVES), 18);
    }

    @Override
    String lossySwitch() {
        return spine(2);
    }
}
