package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.FabricPorts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Two switches, four HCAs: every port of the fabric, cabled or not. */
class FourHcaParityIT extends AbstractMadParityIT {

    @Override
    Path topology(Path workDir) {
        return resource("/topologies/four-hca.net", workDir);
    }

    @Override
    String host() {
        return "node-1";
    }

    @Override
    List<FabricPorts.Port> sample(List<FabricPorts.Port> all) {
        return all;
    }

    @Override
    List<NodePort> injectionTargets() {
        return List.of(new NodePort("leaf-b", 2), new NodePort("node-3", 1));
    }

    @Override
    NodePort unlinkedCa() {
        return new NodePort("node-4", 1);
    }

    @Override
    NodePort unlinkedSwitchSide() {
        return new NodePort("leaf-b", 2);
    }

    @Override
    String lossySwitch() {
        return "leaf-b";
    }

    static Path resource(String name, Path workDir) {
        try (var in = AbstractMadParityIT.class.getResourceAsStream(name)) {
            Path file = workDir.resolve(Path.of(name).getFileName().toString());
            Files.copy(in, file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
