package io.fabricpulse.agent.sim;

import io.fabricpulse.model.topology.TopologyWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Rewrites the bundled demo fabric from {@link FatTreeGenerator#demo()} after a deliberate change
 * to the generator or the writer ({@link DemoFabricTest} fails until this is run):
 * <pre>
 * ./mvnw -B -q -pl collector-agent -am test-compile
 * $JAVA_HOME/bin/java -cp model/target/classes:collector-agent/target/classes:collector-agent/target/test-classes \
 *     io.fabricpulse.agent.sim.WriteDemoFabric collector-agent/src/main/resources/io/fabricpulse/agent/sim/fat-tree-648.net
 * </pre>
 */
public final class WriteDemoFabric {

    private WriteDemoFabric() {
    }

    static String demoText() {
        FatTreeGenerator demo = FatTreeGenerator.demo();
        return TopologyWriter.toText(demo.generate(), demo.title());
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: WriteDemoFabric <path of fat-tree-648.net>");
            System.exit(2);
        }
        Files.writeString(Path.of(args[0]), demoText(), StandardCharsets.UTF_8);
    }
}
