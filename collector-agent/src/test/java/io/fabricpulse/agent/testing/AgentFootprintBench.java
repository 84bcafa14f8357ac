package io.fabricpulse.agent.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Benchmark, not a test ({@code bench agent-footprint}): the packaged agent next to Prometheus'
 * node_exporter on one simulated compute node, as an HPC admin would compare them. It starts ibsim and
 * opensm (four-hca.net), the server ({@code scripts/server.sh}), the agent exactly as the .deb ships it
 * (its launcher, JVM options and AOT cache, unpacked from {@code deploy/target/*.deb}; the unit's
 * {@code Nice=} and {@code CPUSchedulingPolicy=}; umad source, node role) once per interval asked
 * (default 10 s and 1 s, each on its own simulated node), and Debian's {@code prometheus-node-exporter}
 * with all its default collectors, scraped every second by this bench. After a warm-up it samples every
 * process each second from {@code /proc} for the run's length and prints, for each: RSS and its drift,
 * CPU %, CPU time per poll or scrape (median of per-interval blocks of scheduler time), wake-ups per
 * second (context switches of all threads) and those between polls, with the load average beside them;
 * before that, the agent's start to first push ({@code run --once}, with and without the AOT cache).
 *
 * <p>Run (docs/PERFORMANCE.md, command 14): {@code scripts/bench-agent-footprint.sh [minutes]}. Properties:
 * {@code bench.minutes} (10), {@code bench.warmup.seconds} (60), {@code bench.intervals} ("10s,1s"),
 * {@code bench.starts} (5), {@code bench.deb} (the built .deb). Writes {@code collector-agent/target/agent-footprint-*.md}.
 */
public final class AgentFootprintBench {

    private static final String TOKEN = "bench-footprint-token-0123456789";
    private static final List<String> AGENT_NODES = List.of("node-2", "node-3", "node-4");
    private static final String START_NODE = "node-1";

    private AgentFootprintBench() {
    }

    public static void main(String[] args) throws Exception {
        Duration run = Duration.ofMinutes(Long.getLong("bench.minutes", args.length > 0 ? Long.parseLong(args[0]) : 10));
        Duration warmUp = Duration.ofSeconds(Long.getLong("bench.warmup.seconds", 60));
        List<Duration> intervals = Arrays.stream(System.getProperty("bench.intervals", "10s,1s").split(","))
                .map(s -> Duration.ofSeconds(Long.parseLong(s.strip().replace("s", "")))).toList();
        int starts = Integer.getInteger("bench.starts", 5);
        Path root = repositoryRoot();
        Path deb = System.getProperty("bench.deb") != null ? Path.of(System.getProperty("bench.deb")) : builtDeb(root);
        Path work = Files.createTempDirectory(root.resolve("collector-agent/target"), "footprint-");
        Path packaged = work.resolve("deb");
        run("dpkg-deb", "-x", deb.toString(), packaged.toString());
        Path launcher = packaged.resolve("usr/bin/fabricpulse-agent");
        List<String> placement = placement(packaged.resolve("usr/lib/systemd/system/fabricpulse-agent.service"));

        StringBuilder report = new StringBuilder();
        report.append("# agent footprint, ").append(Instant.now()).append("\n\npackage: ").append(deb.getFileName())
                .append("; placement from the unit: ").append(String.join(" ", placement)).append("; load at start: ")
                .append(loadAverage()).append("\n\n");
        List<Process> others = new ArrayList<>();
        try (IbsimFabric fabric = IbsimFabric.start(
                Path.of(AgentFootprintBench.class.getResource("/topologies/four-hca.net").toURI()), START_NODE)) {
            int serverPort = freePort();
            others.add(startServer(root, work, serverPort));
            String server = "http://127.0.0.1:" + serverPort;
            awaitHttp(URI.create(server + "/actuator/health"), Duration.ofMinutes(3));

            report.append(startToFirstPush(fabric, launcher, placement, server, work, starts)).append("\n");

            Map<String, Process> agents = new LinkedHashMap<>();
            for (int i = 0; i < intervals.size(); i++) {
                String node = AGENT_NODES.get(i);
                Duration interval = intervals.get(i);
                List<String> command = new ArrayList<>(placement);
                command.addAll(List.of(launcher.toString(), "run", "--server", server, "--token", TOKEN, "--source",
                        "umad", "--role", "node", "--interval", interval.toSeconds() + "s", "--agent-id", node,
                        "--spool-dir", work.resolve("spool-" + node).toString()));
                agents.put("agent " + interval.toSeconds() + " s", fabric.client(node, command,
                        work.resolve("agent-" + node + ".log")));
            }
            int exporterPort = freePort();
            Process exporter = new ProcessBuilder("prometheus-node-exporter",
                    "--web.listen-address=127.0.0.1:" + exporterPort)
                    .redirectErrorStream(true).redirectOutput(work.resolve("node-exporter.log").toFile()).start();
            others.add(exporter);
            URI metrics = URI.create("http://127.0.0.1:" + exporterPort + "/metrics");
            awaitHttp(metrics, Duration.ofSeconds(30));
            AtomicLong scrapes = new AtomicLong();
            AtomicLong failures = new AtomicLong();
            try (ScheduledExecutorService scraper = Executors.newSingleThreadScheduledExecutor();
                 HttpClient http = HttpClient.newHttpClient()) {
                scraper.scheduleAtFixedRate(() -> scrape(http, metrics, scrapes, failures), 0, 1, TimeUnit.SECONDS);
                Thread.sleep(warmUp);
                Map<String, Long> pids = new LinkedHashMap<>();
                agents.forEach((name, p) -> pids.put(name, p.pid()));
                pids.put("node_exporter", exporter.pid());
                Map<String, List<ProcessSample>> samples = sample(pids, run);
                long scraped = scrapes.get();
                report.append(FootprintReport.table(samples, intervalsByName(agents.keySet(), intervals), run))
                        .append("\nnode_exporter scrapes: ").append(scraped).append(" (").append(failures.get())
                        .append(" failed); agents alive at the end: ")
                        .append(agents.values().stream().allMatch(Process::isAlive)).append("; load at end: ")
                        .append(loadAverage()).append("\n\n")
                        .append(FootprintReport.memoryMap(agents.values().iterator().next().pid())).append("\n");
            }
        } finally {
            others.forEach(p -> {
                p.destroy();
                try {
                    p.waitFor(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                p.destroyForcibly();
            });
        }
        Path out = root.resolve("collector-agent/target/agent-footprint-" + Instant.now().getEpochSecond() + ".md");
        Files.writeString(out, report);
        System.out.print(report);
        System.out.println("written to " + out + " (work files in " + work + ")");
    }

    /** The unit's scheduling settings as the wrappers that apply them: nice, chrt. */
    static List<String> placement(Path unit) throws IOException {
        Map<String, String> settings = Files.readAllLines(unit).stream().filter(l -> l.matches("[A-Za-z]+=.*"))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1),
                        (a, b) -> b));
        List<String> wrappers = new ArrayList<>();
        if (settings.containsKey("Nice")) {
            wrappers.addAll(List.of("nice", "-n", settings.get("Nice")));
        }
        if ("idle".equals(settings.get("CPUSchedulingPolicy"))) {
            wrappers.addAll(List.of("chrt", "--idle", "0"));
        }
        return wrappers;
    }

    /**
     * {@code run --once} (JVM start, umad open, one poll, one push, exit) under GNU time, with and without
     * the AOT cache, with the unit's placement (the idle class waits for every other runnable thread, so on a
     * busy machine its wall time is mostly waiting) and without it: wall and CPU (user + system) seconds.
     */
    private static String startToFirstPush(IbsimFabric fabric, Path launcher, List<String> placement, String server,
                                           Path work, int runs) throws InterruptedException, IOException {
        StringBuilder out = new StringBuilder("start to first push (`run --once`: JVM start, umad open, one poll, one"
                + " push, exit), ms, median (min-max) of " + runs + " runs:\n");
        Path times = work.resolve("once.time");
        for (boolean placed : List.of(false, true)) {
            for (boolean cache : List.of(true, false)) {
                List<Long> wall = new ArrayList<>();
                List<Long> cpu = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %U %S", "-o",
                            times.toString()));
                    if (placed) {
                        command.addAll(placement);
                    }
                    command.addAll(List.of(launcher.toString(), "run", "--once", "--server", server, "--token", TOKEN,
                            "--source", "umad", "--agent-id", START_NODE));
                    Process once = fabric.client(START_NODE, command, work.resolve("once.log"),
                            cache ? Map.of() : Map.of("FABRICPULSE_AGENT_JAVA_OPTS", "-XX:AOTMode=off"));
                    int exit = once.waitFor();
                    if (exit != 0) {
                        throw new IllegalStateException("run --once exited " + exit + "; see " + work.resolve("once.log"));
                    }
                    String[] measured = Files.readString(times).strip().split("\\s+");
                    wall.add(Math.round(Double.parseDouble(measured[0]) * 1000));
                    cpu.add(Math.round((Double.parseDouble(measured[1]) + Double.parseDouble(measured[2])) * 1000));
                }
                out.append("- ").append(cache ? "with the AOT cache" : "without it (-XX:AOTMode=off)")
                        .append(placed ? ", as the unit places it (" + String.join(" ", placement) + ")" : ", normal priority")
                        .append(": wall ").append(spread(wall)).append(", CPU ").append(spread(cpu)).append("; load ")
                        .append(loadAverage()).append("\n");
            }
        }
        return out.toString();
    }

    private static String spread(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2) + " (" + sorted.getFirst() + "-" + sorted.getLast() + ")";
    }

    private static Map<String, Duration> intervalsByName(Iterable<String> agentNames, List<Duration> intervals) {
        Map<String, Duration> byName = new LinkedHashMap<>();
        int i = 0;
        for (String name : agentNames) {
            byName.put(name, intervals.get(i++));
        }
        byName.put("node_exporter", Duration.ofSeconds(1));
        return byName;
    }

    /** Every process once a second for {@code run}; a process that ended stops being sampled. */
    private static Map<String, List<ProcessSample>> sample(Map<String, Long> pids, Duration run)
            throws InterruptedException {
        Map<String, List<ProcessSample>> samples = new LinkedHashMap<>();
        pids.keySet().forEach(name -> samples.put(name, new ArrayList<>()));
        long start = System.nanoTime();
        for (long second = 0; second <= run.toSeconds(); second++) {
            long due = start + TimeUnit.SECONDS.toNanos(second);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            pids.forEach((name, pid) -> {
                ProcessSample s = ProcessSample.of(pid);
                if (s != null) {
                    samples.get(name).add(s);
                }
            });
        }
        return samples;
    }

    private static void scrape(HttpClient http, URI metrics, AtomicLong scrapes, AtomicLong failures) {
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(metrics).build(),
                    HttpResponse.BodyHandlers.discarding());
            (response.statusCode() == 200 ? scrapes : failures).incrementAndGet();
        } catch (IOException e) {
            failures.incrementAndGet();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Process startServer(Path root, Path work, int port) throws IOException {
        Path data = Files.createDirectories(work.resolve("server-data"));
        ProcessBuilder pb = new ProcessBuilder(root.resolve("scripts/server.sh").toString(), "--server.port=" + port)
                .redirectErrorStream(true).redirectOutput(work.resolve("server.log").toFile());
        pb.environment().put("FABRICPULSE_DATA_DIR", data.toString());
        pb.environment().put("FABRICPULSE_AGENT_TOKEN", TOKEN);
        // the server is not what is measured: a modest heap leaves the two cores to the run
        pb.environment().put("FABRICPULSE_JAVA_OPTS", "-Xms256m -Xmx512m -XX:TieredStopAtLevel=1");
        return pb.start();
    }

    private static void awaitHttp(URI uri, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        try (HttpClient http = HttpClient.newHttpClient()) {
            while (true) {
                try {
                    http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.discarding());
                    return;
                } catch (IOException e) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException(uri + " did not answer within " + patience, e);
                    }
                    Thread.sleep(500);
                }
            }
        }
    }

    static String loadAverage() {
        try {
            String[] load = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return load[0] + " " + load[1] + " " + load[2];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("mvnw")) && Files.isDirectory(p.resolve("collector-agent"))) {
                return p;
            }
        }
        throw new IllegalStateException("run from inside the repository");
    }

    private static Path builtDeb(Path root) throws IOException {
        try (Stream<Path> files = Files.list(root.resolve("deploy/target"))) {
            return files.filter(f -> f.getFileName().toString().matches("fabricpulse-agent_.+_amd64\\.deb")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no .deb in deploy/target: ./mvnw -B -o -q -pl deploy"
                            + " -am package -DskipTests first"));
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed");
        }
    }
}
