package io.fabricpulse.agent.sim;

import io.fabricpulse.model.topology.IbsimTools;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.model.topology.TopologyParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real thing: ibsim simulates the bundled demo fabric, infiniband-diags' ibnetdiscover walks it
 * through the umad2sim preload, and our parser reads what it prints back to the very topology we
 * bundled (same GUIDs, descriptions, LIDs, cables, 4X EDR).
 */
class IbsimDiscoveryIT {

    @Test
    void ibnetdiscoverUnderIbsimFindsExactlyTheBundledDemoFabric(@TempDir Path dir) throws Exception {
        IbsimTools.require(IbsimTools.IBSIM, "ibsim");
        IbsimTools.require(IbsimTools.IBNETDISCOVER, "ibnetdiscover");
        IbsimTools.require(IbsimTools.UMAD2SIM, "libumad2sim.so");
        Path net = dir.resolve("fat-tree-648.net");
        Files.writeString(net, DemoFabricTest.bundledText());
        String socket = "fabricpulse-it-" + ProcessHandle.current().pid() + "-" + System.nanoTime();

        ProcessBuilder simulator = new ProcessBuilder(IbsimTools.IBSIM.toString(), "-s", net.toString()).redirectErrorStream(true);
        simulator.environment().put("IBSIM_SOCKNAME", socket);
        Process ibsim = simulator.start();
        try (OutputStream console = ibsim.getOutputStream()) {
            awaitReady(ibsim);
            ProcessBuilder discover = new ProcessBuilder(IbsimTools.IBNETDISCOVER.toString())
                    .redirectError(dir.resolve("ibnetdiscover.err").toFile());
            discover.environment().put("IBSIM_SOCKNAME", socket);
            discover.environment().put("LD_PRELOAD", IbsimTools.UMAD2SIM.toString());
            Process ibnetdiscover = discover.start();
            CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> readAll(ibnetdiscover));
            assertThat(ibnetdiscover.waitFor(60, TimeUnit.SECONDS)).as("ibnetdiscover finishes").isTrue();
            assertThat(ibnetdiscover.exitValue()).as(Files.readString(dir.resolve("ibnetdiscover.err"))).isZero();

            Topology discovered = TopologyParser.parse(output.get(10, TimeUnit.SECONDS));
            Topology bundled = FatTreeGenerator.demo().generate();
            assertThat(discovered.links()).isEqualTo(bundled.links());
            assertThat(discovered.nodes()).hasSize(702)
                    .usingElementComparator(Comparator.comparing(TopologyNode::toString))
                    .containsExactlyInAnyOrderElementsOf(bundled.nodes());
            console.write("Quit\n".getBytes(StandardCharsets.US_ASCII));
        } finally {
            if (!ibsim.waitFor(5, TimeUnit.SECONDS)) {
                ibsim.destroy();
                ibsim.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    /** ibsim prints "Network simulator ready." once the fabric is loaded; a parse error ends it instead. */
    private static void awaitReady(Process ibsim) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(ibsim.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            seen.append(line).append('\n');
            if (line.contains("Network simulator ready")) {
                Thread.ofVirtual().start(() -> drain(out));
                return;
            }
        }
        throw new AssertionError("ibsim ended before the fabric was ready:\n" + seen);
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // ibsim's console echo; read so that it never blocks on a full pipe
            }
        } catch (IOException closed) {
            // the simulator is gone
        }
    }

    private static byte[] readAll(Process process) {
        try {
            return process.getInputStream().readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
