package io.fabricpulse.agent.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Benchmark, not a test: requests/s through the MAD engine at window 1, 8 and 64 against ibsim,
 * next to a loop of perfquery processes and one ibqueryerrors sweep over the same fabric. Run from
 * collector-agent after {@code ./mvnw -pl collector-agent -am test-compile} (see docs/PERFORMANCE.md).
 */
public final class EngineBenchmark {

    private EngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        Path dir = Files.createTempDirectory("bench-");
        Path topology = FatTreeTopology.write(dir.resolve("fat-tree-648.net"), 36);
        String host = FatTreeTopology.host(1, 1);
        try (IbsimFabric fabric = IbsimFabric.start(topology, host)) {
            List<FabricPorts.Port> switchPorts = FabricPorts.parse(fabric.tool(host, "ibnetdiscover", "-p").stdout())
                    .stream().filter(p -> p.isSwitch() && p.cabled()).toList();
            String targets = String.join(",", switchPorts.stream().limit(500).map(p -> p.lid() + ":" + p.port()).toList());
            System.out.println("fabric: 648 hosts, 54 switches; targets: " + Math.min(500, switchPorts.size())
                    + " switch ports");
            try (AgentJvm child = fabric.agentJvm(host, EngineBenchChild.class, String.valueOf(requests), targets)) {
                System.out.print(child.finish());
            }
            int loops = 100;
            long start = System.nanoTime();
            for (int i = 0; i < loops; i++) {
                FabricPorts.Port p = switchPorts.get(i % switchPorts.size());
                fabric.tool(host, "perfquery", String.valueOf(p.lid()), String.valueOf(p.port()));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("perfquery process loop: %d runs (2 MADs each) in %.2f s = %.0f requests/s%n", loops,
                    seconds, 2 * loops / seconds);
            fabric.startSubnetManager(host);
            start = System.nanoTime();
            IbsimFabric.ToolResult sweep = fabric.tool(host, "ibqueryerrors");
            System.out.printf("ibqueryerrors sweep (exit %d): %.2f s%n", sweep.exitCode(),
                    (System.nanoTime() - start) / 1e9);
        }
    }
}
