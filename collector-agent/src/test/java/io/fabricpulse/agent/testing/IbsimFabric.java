package io.fabricpulse.agent.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.fail;

/**
 * A simulated InfiniBand fabric for tests: {@code ibsim} on its own socket name (so test classes
 * can run side by side), LIDs assigned once by {@code opensm -o}, a console for fault injection
 * ({@code PerformanceSet}, {@code Unlink}, {@code Error}), and runners for the real
 * infiniband-diags tools and for agent code in a child JVM, all under the umad2sim preload.
 *
 * <p>ibsim's console is its stdin, held open as the pipe of the started process (what a FIFO held
 * open by a shell does). Every process started here is recorded and destroyed by {@link #close()},
 * which also runs when start-up fails half-way. Missing binaries skip the test with what to
 * install, or fail it when {@code CI=true}.
 */
public final class IbsimFabric implements AutoCloseable {

    public static final Path PRELOAD = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    private static final List<String> BINARIES = List.of("/usr/bin/ibsim", "/usr/sbin/opensm", "/usr/sbin/perfquery",
            "/usr/sbin/smpquery", "/usr/sbin/ibnetdiscover", "/usr/sbin/sminfo", "/usr/sbin/ibportstate");
    private static final long STEP_TIMEOUT_SECONDS = 60;

    private final Path dir;
    private final String socketName;
    private final List<Process> processes = new ArrayList<>();
    private final StringBuilder console = new StringBuilder();
    private final ReentrantLock consoleLock = new ReentrantLock();
    private final Condition consoleChanged = consoleLock.newCondition();
    private Process ibsim;
    private Writer ibsimInput;

    private IbsimFabric(Path dir) {
        this.dir = dir;
        this.socketName = "fp-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Skips (or, with CI=true, fails) the calling test when ibsim, opensm or infiniband-diags are missing. */
    public static void requireTools() {
        List<String> missing = Stream.concat(BINARIES.stream(), Stream.of(PRELOAD.toString()))
                .filter(p -> !Files.isExecutable(Path.of(p)) && !Files.isReadable(Path.of(p))).toList();
        if (missing.isEmpty()) {
            return;
        }
        String message = "missing " + missing + ": install ibsim-utils opensm infiniband-diags "
                + "(scripts/install-test-deps.sh)";
        if ("true".equals(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort(message);
    }

    /** Starts ibsim on {@code topology} and assigns LIDs with one opensm sweep from {@code smHost}. */
    public static IbsimFabric start(Path topology, String smHost) {
        return start(topology, smHost, 0);
    }

    /**
     * As {@link #start(Path, String)}, with opensm giving every CA port {@code 2^lmc} LIDs (base LID
     * and the ones after it), as a fabric configured for multipath does.
     */
    public static IbsimFabric start(Path topology, String smHost, int lmc) {
        requireTools();
        IbsimFabric fabric;
        try {
            fabric = new IbsimFabric(Files.createTempDirectory("ibsim-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            fabric.startSimulator(topology);
            fabric.assignLids(smHost, lmc);
            return fabric;
        } catch (RuntimeException | Error e) {
            fabric.close();
            throw e;
        }
    }

    public String socketName() {
        return socketName;
    }

    private void startSimulator(Path topology) {
        ProcessBuilder pb = new ProcessBuilder("ibsim", "-s", topology.toAbsolutePath().toString())
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("IBSIM_SOCKNAME", socketName);
        ibsim = started(pb);
        ibsimInput = new OutputStreamWriter(ibsim.getOutputStream(), StandardCharsets.UTF_8);
        Thread.ofPlatform().daemon().name("ibsim-console-" + socketName).start(this::readConsole);
        awaitConsole(1, "ibsim did not show its prompt");
    }

    private void readConsole() {
        try (var in = new InputStreamReader(ibsim.getInputStream(), StandardCharsets.UTF_8)) {
            char[] buf = new char[4096];
            for (int n; (n = in.read(buf)) > 0; ) {
                consoleLock.lock();
                try {
                    console.append(buf, 0, n);
                    consoleChanged.signalAll();
                } finally {
                    consoleLock.unlock();
                }
            }
        } catch (IOException ignored) {
            // the simulator went away; close() or a timeout reports it
        }
    }

    /** Waits until ibsim has shown {@code prompts} prompts in total. */
    private void awaitConsole(int prompts, String failure) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_TIMEOUT_SECONDS);
        consoleLock.lock();
        try {
            while (count(console, "sim> ") < prompts) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !ibsim.isAlive()) {
                    fail(failure + "; console so far:\n" + console);
                }
                consoleChanged.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
        } finally {
            consoleLock.unlock();
        }
    }

    /** Runs one console command (e.g. {@code Unlink "Hca1"[1]}) and returns what ibsim printed for it. */
    public String console(String command) {
        int before;
        int start;
        consoleLock.lock();
        try {
            before = count(console, "sim> ");
            start = console.length();
        } finally {
            consoleLock.unlock();
        }
        try {
            ibsimInput.write(command + "\n");
            ibsimInput.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("ibsim console closed", e);
        }
        awaitConsole(before + 1, "ibsim did not answer '" + command + "'");
        consoleLock.lock();
        try {
            return console.substring(start);
        } finally {
            consoleLock.unlock();
        }
    }

    /**
     * Assigns LIDs with one more {@code opensm -o} sweep, from {@code smHost}: for a fabric of
     * separate planes (a second rail), each of which needs its own subnet manager.
     */
    public void assignLidsFrom(String smHost) {
        assignLids(smHost, 0, dir.resolve("osm-cache-" + UUID.randomUUID()));
    }

    private void assignLids(String smHost, int lmc) {
        assignLids(smHost, lmc, dir.resolve("osm-cache"));
    }

    private void assignLids(String smHost, int lmc, Path cache) {
        try {
            Files.createDirectories(cache);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ToolResult sweep = run(smHost, Map.of("OSM_CACHE_DIR", cache.toString()), "opensm", "-o", "-l",
                String.valueOf(lmc), "-f", cache.resolveSibling(cache.getFileName() + ".log").toString());
        if (sweep.exitCode() != 0) {
            fail("opensm -o failed: " + sweep);
        }
    }

    /**
     * Keeps opensm running as master SM on {@code simHost} until {@link #close()}, for tools that
     * ask the SA (ibqueryerrors). Returns once its log says the subnet is up.
     */
    public void startSubnetManager(String simHost) {
        Path log = dir.resolve("opensm-daemon.log");
        ProcessBuilder pb = clientProcess(simHost, List.of("opensm", "-f", log.toString()))
                .redirectOutput(dir.resolve("opensm-daemon.out").toFile()).redirectErrorStream(true);
        pb.environment().put("OSM_CACHE_DIR", dir.resolve("osm-cache").toString());
        started(pb);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            ToolResult sm = tool(simHost, "sminfo");
            if (sm.exitCode() == 0 && sm.stdout().contains("SMINFO_MASTER")) {
                return;
            }
        }
        fail("opensm did not become master SM within " + STEP_TIMEOUT_SECONDS + " s");
    }

    /**
     * Starts opensm on {@code simHost} with more options (a priority, {@code -s 0}, a config file {@code -F}) and
     * returns at once; the caller waits for what it needs (a master, a standby) with {@link #tool} and
     * {@code sminfo}. The process is stopped by {@link #stopProcess} or {@link #close()}.
     *
     * @param name names its log, cache and config files in the fabric's directory
     * @param config lines of an opensm config file (such as {@code sweep_on_trap FALSE}); none when empty
     */
    public Process startOpensm(String simHost, String name, List<String> config, String... options) {
        Path cache = dir.resolve("osm-cache-" + name);
        try {
            Files.createDirectories(cache);
            List<String> command = new ArrayList<>(List.of("opensm", "-f", dir.resolve("opensm-" + name + ".log").toString()));
            if (!config.isEmpty()) {
                Path file = dir.resolve("opensm-" + name + ".conf");
                Files.write(file, config);
                command.addAll(List.of("-F", file.toString()));
            }
            command.addAll(List.of(options));
            ProcessBuilder pb = clientProcess(simHost, command)
                    .redirectOutput(dir.resolve("opensm-" + name + ".out").toFile()).redirectErrorStream(true);
            pb.environment().put("OSM_CACHE_DIR", cache.toString());
            return started(pb);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops a process this fabric started (an opensm, an agent) and forgets it. */
    public void stopProcess(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        processes.remove(process);
    }

    /** The directory of this fabric's files (logs, caches), for a test to read what a process wrote. */
    public Path directory() {
        return dir;
    }

    /** Runs a real tool (perfquery, smpquery, ibnetdiscover…) as a client sitting on node {@code simHost}. */
    public ToolResult tool(String simHost, String... command) {
        return run(simHost, Map.of(), command);
    }

    private ToolResult run(String simHost, Map<String, String> extraEnv, String... command) {
        Path errFile = dir.resolve("stderr-" + UUID.randomUUID());
        ProcessBuilder pb = clientProcess(simHost, List.of(command)).redirectError(errFile.toFile());
        pb.environment().putAll(extraEnv);
        Process p = started(pb);
        try {
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                fail(String.join(" ", command) + " did not finish");
            }
            String err = Files.readString(errFile);
            Files.delete(errFile);
            return new ToolResult(p.exitValue(), out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            p.destroyForcibly();
            processes.remove(p);
        }
    }

    /**
     * A JVM on node {@code simHost} running {@code mainClass} with this test's class path: the
     * preload must be in place when the JVM starts, so agent code that calls libibumad runs in a
     * child, never in the test JVM.
     */
    public AgentJvm agentJvm(String simHost, Class<?> mainClass, String... args) {
        // C1 only: test children start fast and live briefly
        return agentJvm(simHost, List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"), mainClass, args);
    }

    /** As {@link #agentJvm(String, Class, String...)} with other JVM options (benchmarks want the full JIT). */
    public AgentJvm agentJvm(String simHost, List<String> jvmOptions, Class<?> mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", absoluteClassPath(), mainClass.getName()));
        command.addAll(List.of(args));
        Process p = started(clientProcess(simHost, command).redirectError(ProcessBuilder.Redirect.INHERIT));
        return new AgentJvm(p, new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)),
                new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts any program as a client on node {@code simHost} (e.g. the agent jar with {@code java -jar}),
     * stdout and stderr to {@code log}; it runs until the caller stops it or {@link #close()}.
     */
    public Process client(String simHost, List<String> command, Path log) {
        return client(simHost, command, log, Map.of());
    }

    /** As {@link #client(String, List, Path)} with more environment variables. */
    public Process client(String simHost, List<String> command, Path log, Map<String, String> environment) {
        ProcessBuilder pb = clientProcess(simHost, command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(environment);
        return started(pb);
    }

    /** The child runs in the fabric's directory, so relative class path entries are made absolute. */
    private static String absoluteClassPath() {
        return Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(e -> Path.of(e).toAbsolutePath().toString())
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    private ProcessBuilder clientProcess(String simHost, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("LD_PRELOAD", PRELOAD.toString());
        pb.environment().put("IBSIM_SOCKNAME", socketName);
        pb.environment().put("SIM_HOST", simHost);
        return pb;
    }

    private Process started(ProcessBuilder pb) {
        try {
            Process p = pb.start();
            processes.add(p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + pb.command(), e);
        }
    }

    /** Stops every process this fabric started (ibsim last) and removes its directory. */
    @Override
    public void close() {
        for (Process p : List.copyOf(processes)) {
            if (p != ibsim) {
                p.destroyForcibly();
            }
        }
        if (ibsim != null) {
            try {
                ibsimInput.write("Quit\n");
                ibsimInput.close();
                ibsim.waitFor(5, TimeUnit.SECONDS);
            } catch (IOException ignored) {
                // already gone
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ibsim.destroyForcibly();
        }
        processes.clear();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }

    private static int count(CharSequence text, String needle) {
        int n = 0;
        for (int i = text.toString().indexOf(needle); i >= 0; i = text.toString().indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** What a tool printed and how it exited. */
    public record ToolResult(int exitCode, String stdout, String stderr) {
    }
}
