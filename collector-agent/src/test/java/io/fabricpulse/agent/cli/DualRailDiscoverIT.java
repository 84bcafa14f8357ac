package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.cli.AbstractMadParityIT.NodePort;

import java.nio.file.Path;
import java.util.List;

/**
 * Two separate rails (4X HDR and 4X EDR, one host cable degraded to 1X), every host with one HCA on
 * each: a walk sees only its own rail, so each rail is walked from a host's HCA on it.
 */
class DualRailDiscoverIT extends AbstractDiscoverParityIT {

    @Override
    Path topology(Path workDir) {
        return FourHcaParityIT.resource("/topologies/dual-rail.net", workDir);
    }

    @Override
    List<String> vantagePoints() {
        return List.of("gpu-01 HCA-1", "gpu-01 HCA-2");
    }

    @Override
    NodePort switchCable() {
        return new NodePort("rail-a-leaf-2", 7);
    }

    @Override
    NodePort hostCable() {
        return new NodePort("gpu-08 HCA-2", 1);
    }

    @Override
    String troubledSwitch() {
        return "rail-a-spine-1";
    }
}
