package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.cli.AbstractMadParityIT.NodePort;
import java.nio.file.Path;
import java.util.List;

/**
 * The bundled 648-host demo fabric (18 spines, 36 leaves, 4X EDR, Mellanox GUIDs and descriptions):
 * 702 nodes, 1,944 cables, walked from the first host.
 */
class FatTreeDiscoverIT extends AbstractDiscoverParityIT {

    /** Node ids in the bundled file: spines 98039b03000100ss, leaves 98039b03000200ll, hosts 0c42a103000hhhh0. */
    static final String FIRST_HOST = "H-0c42a10300000010";

    @Override
    Path topology(Path workDir) {
        return demo(workDir);
    }

    static Path demo(Path workDir) {
        return FourHcaParityIT.resource("/io/fabricpulse/agent/sim/fat-tree-648.net", workDir);
    }

    @Override
    List<String> vantagePoints() {
        return List.of(FIRST_HOST);
    }

    @Override
    NodePort switchCable() {
        return new NodePort("S-98039b0300020024", 36);
    }

    @Override
    NodePort hostCable() {
        return new NodePort("H-0c42a10300002880", 1);
    }

    @Override
    String troubledSwitch() {
        return "S-98039b0300010009";
    }
}
