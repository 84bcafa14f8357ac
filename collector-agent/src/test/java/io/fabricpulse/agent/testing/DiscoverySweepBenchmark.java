package io.fabricpulse.agent.testing;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Benchmark, not a test: on the bundled 648-host fat tree under ibsim (opensm kept running as master
 * SM, for ibqueryerrors' SA queries), in rounds that alternate the tools so that both see the same
 * load: {@code ibnetdiscover} vs our {@code discover} (in a warm agent JVM, and as a fresh
 * {@code java -jar} process), and {@code ibqueryerrors} vs our {@code sweep --repeat 6} (its warm
 * median: sweeps 2 to 6). Prints every measurement and a summary for docs/PERFORMANCE.md. Run from
 * collector-agent after {@code package} (for the jar) and {@code test-compile}; arg: rounds (default 5).
 */
public final class DiscoverySweepBenchmark {

    private static final String HOST = "H-0c42a10300000010";
    private static final Path JAR = Path.of("target", "fabricpulse-agent.jar").toAbsolutePath();
    private static final Pattern SWEEP = Pattern.compile("sweep (\\d+): (\\d+) ports in (\\d+) ms");
    private static final Pattern WALK = Pattern.compile("discovered 702 nodes and 1296 links in (\\d+) ms");

    private DiscoverySweepBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        if (!Files.isReadable(JAR)) {
            throw new IllegalStateException(JAR + " is missing: run ./mvnw -pl collector-agent -am package -DskipTests first");
        }
        Path dir = Files.createTempDirectory("bench-");
        Path topology = dir.resolve("fat-tree-648.net");
        try (InputStream in = DiscoverySweepBenchmark.class.getResourceAsStream("/io/fabricpulse/agent/sim/fat-tree-648.net")) {
            Files.copy(in, topology);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Double> ibnetdiscover = new ArrayList<>();
        List<Double> warmDiscover = new ArrayList<>();
        List<Double> freshDiscover = new ArrayList<>();
        List<Double> ibqueryerrors = new ArrayList<>();
        List<Double> sweepMedians = new ArrayList<>();
        List<Double> walks = new ArrayList<>();
        try (IbsimFabric fabric = IbsimFabric.start(topology, HOST);
             AgentJvm agent = fabric.agentJvm(HOST, List.of(), CommandBatchMain.class)) {
            fabric.startSubnetManager(HOST);
            System.out.println("fabric: 648 hosts, 54 switches (bundled demo), client " + HOST + ", opensm running; load "
                    + Files.readString(Path.of("/proc/loadavg")).strip());
            agent.run("discover");
            agent.run("sweep --repeat 2");
            System.out.println("(warm-up: one discover and one sweep --repeat 2 in the agent JVM, not counted)");
            for (int round = 1; round <= rounds; round++) {
                ibnetdiscover.add(timed(() -> check(fabric.tool(HOST, "ibnetdiscover"), "ibnetdiscover")));
                warmDiscover.add(timed(() -> check(agent.run("discover"), "discover")));
                freshDiscover.add(timed(() -> check(fabric.tool(HOST, java, "-jar", JAR.toString(), "discover"),
                        "java -jar discover")));
                ibqueryerrors.add(timed(() -> fabric.tool(HOST, "ibqueryerrors")));
                IbsimFabric.ToolResult sweep = check(agent.run("sweep --repeat 6"), "sweep");
                double median = warmMedian(sweep.stdout());
                sweepMedians.add(median);
                Matcher walk = WALK.matcher(sweep.stdout());
                if (!walk.find()) {
                    throw new IllegalStateException("sweep did not walk the whole fabric:\n" + sweep.stdout());
                }
                walks.add(Double.parseDouble(walk.group(1)));
                System.out.printf("round %d: ibnetdiscover %.0f ms, discover (warm JVM) %.0f ms, java -jar discover %.0f ms,"
                                + " ibqueryerrors %.0f ms, sweep --repeat 6 warm median %.0f ms%n%s", round,
                        ibnetdiscover.getLast(), warmDiscover.getLast(), freshDiscover.getLast(), ibqueryerrors.getLast(),
                        median, indent(sweep.stdout()));
            }
        }
        System.out.println("load at the end: " + Files.readString(Path.of("/proc/loadavg")).strip());
        System.out.printf("%n| what (median of %d rounds) | ms |%n|---|---|%n", rounds);
        System.out.printf("| `ibnetdiscover` (process) | %.0f |%n", median(ibnetdiscover));
        System.out.printf("| our walk alone, in a warm agent JVM (the time `sweep` prints) | %.0f |%n", median(walks));
        System.out.printf("| `discover` in a warm agent JVM (command, incl. opening the port) | %.0f |%n", median(warmDiscover));
        System.out.printf("| `java -jar fabricpulse-agent.jar discover` (fresh JVM) | %.0f |%n", median(freshDiscover));
        System.out.printf("| `ibqueryerrors` (process, opensm as SA) | %.0f |%n", median(ibqueryerrors));
        System.out.printf("| `sweep --repeat 6`, warm median (sweeps 2-6) of 2,592 ports | %.0f |%n", median(sweepMedians));
    }

    @FunctionalInterface
    private interface Run {
        Object run();
    }

    private static double timed(Run run) {
        long start = System.nanoTime();
        run.run();
        return (System.nanoTime() - start) / 1e6;
    }

    private static IbsimFabric.ToolResult check(IbsimFabric.ToolResult result, String what) {
        if (result.exitCode() != 0 || !result.stderr().isEmpty()) {
            throw new IllegalStateException(what + " failed (" + result.exitCode() + "): " + result.stderr());
        }
        return result;
    }

    /** The median time of sweeps 2..N of one {@code sweep --repeat N} output (sweep 1 also reads ClassPortInfo). */
    static double warmMedian(String sweepOutput) {
        List<Double> warm = new ArrayList<>();
        Matcher m = SWEEP.matcher(sweepOutput);
        while (m.find()) {
            if (!m.group(2).equals("2592")) {
                throw new IllegalStateException("a sweep read " + m.group(2) + " ports, not 2592:\n" + sweepOutput);
            }
            if (Integer.parseInt(m.group(1)) > 1) {
                warm.add(Double.parseDouble(m.group(3)));
            }
        }
        return median(warm);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String indent(String text) {
        return text.lines().map(l -> "    " + l + "\n").reduce("", String::concat);
    }
}
