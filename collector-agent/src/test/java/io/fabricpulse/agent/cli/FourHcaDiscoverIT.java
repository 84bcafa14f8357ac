package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.cli.AbstractMadParityIT.NodePort;

import java.nio.file.Path;
import java.util.List;

/** Two switches joined by two cables, four hosts: multi-path between switches, the walk from a host. */
class FourHcaDiscoverIT extends AbstractDiscoverParityIT {

    @Override
    Path topology(Path workDir) {
        return FourHcaParityIT.resource("/topologies/four-hca.net", workDir);
    }

    @Override
    List<String> vantagePoints() {
        return List.of("node-1");
    }

    @Override
    NodePort switchCable() {
        return new NodePort("leaf-a", 3);
    }

    @Override
    NodePort hostCable() {
        return new NodePort("node-4", 1);
    }

    @Override
    String troubledSwitch() {
        return "leaf-b";
    }
}
