package io.fabricpulse.server.testing;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.fail;

/**
 * A real Slurm cluster on loopback for one test: slurmctld and one slurmd per node name (several slurmd on one
 * host, Slurm's documented test setup), all on free ports, with their config, state, spool and logs in a
 * temporary directory; authentication off ({@code auth/none}), so no munge key is needed. Jobs are cancelled
 * before the daemons stop (their slurmstepd outlives slurmd), and the daemons are stopped by the processes
 * this class started.
 */
public final class SlurmCluster implements AutoCloseable {

    private static final List<String> BINARIES = List.of("/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/squeue",
            "/usr/bin/sbatch", "/usr/bin/scancel", "/usr/bin/sinfo");

    private final Path dir;
    private final Path conf;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmCluster(Path dir) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
    }

    /** Skips (or, with CI=true, fails) the calling test when Slurm is not installed. */
    public static void requireSlurm() {
        List<String> missing = BINARIES.stream().filter(p -> !Files.isExecutable(Path.of(p))).toList();
        if (missing.isEmpty()) {
            return;
        }
        String message = "missing " + missing + ": install slurmctld slurmd slurm-client (scripts/install-test-deps.sh)";
        if ("true".equals(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort(message);
    }

    /** Starts slurmctld and a slurmd for each of {@code nodes} (one CPU each, one partition) and waits until all are idle. */
    public static SlurmCluster start(List<String> nodes) {
        requireSlurm();
        SlurmCluster cluster;
        try {
            cluster = new SlurmCluster(Files.createTempDirectory("slurm-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            cluster.configure(nodes);
            cluster.daemons.add(cluster.daemon("slurmctld", "slurmctld", "-D", "-c"));
            for (String node : nodes) {
                cluster.daemons.add(cluster.daemon("slurmd-" + node, "slurmd", "-D", "-N", node));
            }
            cluster.awaitIdle(nodes.size());
            return cluster;
        } catch (RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** The slurm.conf the Slurm tools are to read ({@code SLURM_CONF}). */
    public Path conf() {
        return conf;
    }

    /** {@code sbatch --parsable} with these arguments, its output in the cluster's directory; the job id. */
    public String sbatch(String... arguments) {
        List<String> command = new ArrayList<>(List.of("sbatch", "--parsable", "--chdir=" + dir,
                "--output=" + dir.resolve("job-%j.out")));
        command.addAll(List.of(arguments));
        return run(command).strip().split(";")[0];
    }

    public void scancel(String jobId) {
        run(List.of("scancel", jobId));
    }

    /** The job's state as squeue says it (RUNNING, PENDING, CANCELLED, ...). */
    public String state(String jobId) {
        return run(List.of("squeue", "-h", "-t", "all", "-j", jobId, "-o", "%T")).strip();
    }

    /** Runs a Slurm tool against this cluster; its standard output. Fails the test when it fails. */
    public String run(List<String> command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE);
            pb.environment().put("SLURM_CONF", conf.toString());
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                fail(String.join(" ", command) + " failed: " + out + err + "\n" + logs());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void configure(List<String> nodes) throws UncheckedIOException {
        StringBuilder text = new StringBuilder("""
                ClusterName=fabricpulse-test
                SlurmctldHost=localhost(127.0.0.1)
                SlurmctldPort=%d
                AuthType=auth/none
                CredType=cred/none
                SlurmUser=root
                SlurmdUser=root
                StateSaveLocation=%s/state
                SlurmdSpoolDir=%s/spool/%%n
                SlurmctldPidFile=%s/slurmctld.pid
                SlurmdPidFile=%s/slurmd-%%n.pid
                SlurmctldLogFile=%s/slurmctld.log
                SlurmdLogFile=%s/slurmd-%%n.log
                ProctrackType=proctrack/linuxproc
                TaskPlugin=task/none
                JobAcctGatherType=jobacct_gather/none
                SelectType=select/cons_tres
                AccountingStorageType=accounting_storage/none
                JobCompType=jobcomp/none
                MpiDefault=none
                ReturnToService=2
                """.formatted(freePort(), dir, dir, dir, dir, dir, dir));
        for (String node : nodes) {
            // A port of its own each: several slurmd on one host
            text.append("NodeName=%s NodeHostname=localhost NodeAddr=127.0.0.1 Port=%d CPUs=1 State=UNKNOWN%n"
                    .formatted(node, freePort()));
        }
        text.append("PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n");
        try {
            Files.createDirectories(dir.resolve("state"));
            for (String node : nodes) {
                Files.createDirectories(dir.resolve("spool").resolve(node));
            }
            Files.writeString(conf, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Process daemon(String name, String... command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".out").toFile());
        pb.environment().put("SLURM_CONF", conf.toString());
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitIdle(int nodes) {
        try {
            Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                    .until(() -> run(List.of("sinfo", "-h", "-N", "-o", "%T")).lines()
                            .filter(state -> state.strip().equals("idle")).count() == nodes);
        } catch (RuntimeException e) {
            fail("the Slurm nodes never became idle:\n" + logs(), e);
        }
    }

    private String logs() {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".log") || f.toString().endsWith(".out")).toList()) {
                List<String> lines = Files.readAllLines(file);
                all.append("== ").append(file.getFileName()).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()))).append('\n');
            }
        } catch (IOException e) {
            all.append("(logs unreadable: ").append(e.getMessage()).append(')');
        }
        return all.toString();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (!daemons.isEmpty() && daemons.getFirst().isAlive()) {
            try {
                run(List.of("scancel", "--full", "--partition", "test"));
            } catch (AssertionError | RuntimeException e) {
                // the daemons go anyway
            }
        }
        for (Process daemon : daemons.reversed()) {
            daemon.destroy();
            try {
                if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
                    daemon.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                daemon.destroyForcibly();
            }
        }
    }
}
