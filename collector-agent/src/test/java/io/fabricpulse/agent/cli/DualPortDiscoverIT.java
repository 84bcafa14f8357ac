package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.cli.AbstractMadParityIT.NodePort;

import java.nio.file.Path;
import java.util.List;

/**
 * Dual-port HCAs on two rail switches joined by two cables: the walk enters every HCA by both ports,
 * so each {@code Ca 2} record lists both cables, as ibnetdiscover's does.
 */
class DualPortDiscoverIT extends AbstractDiscoverParityIT {

    @Override
    Path topology(Path workDir) {
        return FourHcaParityIT.resource("/topologies/dual-port.net", workDir);
    }

    @Override
    List<String> vantagePoints() {
        return List.of("gpu-1");
    }

    @Override
    NodePort switchCable() {
        return new NodePort("rail-a", 12);
    }

    @Override
    NodePort hostCable() {
        return new NodePort("gpu-3", 2);
    }

    @Override
    String troubledSwitch() {
        return "rail-b";
    }

    /** gpu-3 is still reached through its other port. */
    @Override
    int nodesLostWithHostCable() {
        return 0;
    }
}
