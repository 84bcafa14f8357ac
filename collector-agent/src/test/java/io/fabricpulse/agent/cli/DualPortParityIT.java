package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.FabricPorts;

import java.nio.file.Path;
import java.util.List;

/** Dual-port HCAs cabled to two rail switches: both ports of every HCA, every rail port. */
class DualPortParityIT extends AbstractMadParityIT {

    @Override
    Path topology(Path workDir) {
        return FourHcaParityIT.resource("/topologies/dual-port.net", workDir);
    }

    @Override
    String host() {
        return "gpu-1";
    }

    @Override
    List<FabricPorts.Port> sample(List<FabricPorts.Port> all) {
        return all;
    }

    @Override
    List<NodePort> injectionTargets() {
        return List.of(new NodePort("rail-b", 3), new NodePort("gpu-2", 2));
    }

    @Override
    NodePort unlinkedCa() {
        return new NodePort("gpu-4", 2);
    }

    @Override
    NodePort unlinkedSwitchSide() {
        return new NodePort("rail-b", 4);
    }

    @Override
    String lossySwitch() {
        return "rail-b";
    }
}
