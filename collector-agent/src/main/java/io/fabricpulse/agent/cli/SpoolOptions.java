package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.push.BatchBuffer;
import io.fabricpulse.agent.push.IngestEndpoint;
import io.fabricpulse.agent.push.MemoryBatchBuffer;
import io.fabricpulse.agent.push.RetryPolicy;
import io.fabricpulse.agent.push.ServerLane;
import io.fabricpulse.agent.spool.ByteSize;
import io.fabricpulse.agent.spool.DiskSpool;
import io.fabricpulse.agent.spool.SpoolLockedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where {@code run} keeps batches the server has not taken yet: the disk spool by default, in memory with
 * {@code --no-spool}.
 * <p>
 * The default directory is {@value #SYSTEM_DIR} (what a systemd unit's {@code StateDirectory=fabricpulse}
 * and the Kubernetes DaemonSet's hostPath provide). An agent that cannot use it (not root, read-only
 * system) falls back to the per-user state directory, {@code $XDG_STATE_HOME/fabricpulse/spool} or
 * {@code ~/.local/state/fabricpulse/spool}, and says so. A directory named with {@code --spool-dir} gets
 * no fallback: if it cannot be used the agent does not start. Neither does it start when another process
 * of the same agent id holds the spool: two senders of the same files would race.
 * <p>
 * With several servers (replicas) each gets a spool of its own in a subdirectory named after it
 * ({@link #laneDirectory}), bounded by {@code --spool-max-bytes} each: a replica that is down for a while
 * collects its backlog there while the others are served live.
 */
final class SpoolOptions {

    static final String SYSTEM_DIR = "/var/lib/fabricpulse/spool";
    static final long DEFAULT_MAX_BYTES = 256L << 20;
    static final long MIN_MAX_BYTES = 1L << 20;

    private static final Logger log = LoggerFactory.getLogger(SpoolOptions.class);

    /** The buffer the agent pushes from and the retry policy that goes with it. */
    record Choice(BatchBuffer buffer, RetryPolicy policy) {
    }

    @Option(names = "--spool-dir", paramLabel = "DIR",
            description = "Directory for batches the server has not taken yet; they survive outages and restarts"
                    + " and are sent oldest first. Default: " + SYSTEM_DIR + ", or ~/.local/state/fabricpulse/spool"
                    + " when that cannot be used.")
    Path dir;

    @Option(names = "--spool-max-bytes", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Bound of the spool, at least 1MiB: when it is reached the oldest batches are dropped and"
                    + " counted. K, M, G are binary (as KiB, MiB, GiB); KB, MB, GB decimal. Default: 256MiB.")
    Long maxBytes;

    @Option(names = "--no-spool",
            description = "Keep waiting batches in memory only: lost on a restart, dropped after 15 minutes of outage.")
    boolean noSpool;

    /** A mistake on the command line, or null. */
    String usageProblem(boolean once) {
        if (noSpool && (dir != null || maxBytes != null)) {
            return "--no-spool excludes --spool-dir and --spool-max-bytes";
        }
        if (once && (dir != null || maxBytes != null)) {
            return "--once does not spool (it must not take the spool of a running agent): drop --spool-dir and"
                    + " --spool-max-bytes";
        }
        if (maxBytes != null && maxBytes < MIN_MAX_BYTES) {
            return "Invalid value for option '--spool-max-bytes': " + ByteSize.format(maxBytes)
                    + " is less than the minimum of " + ByteSize.format(MIN_MAX_BYTES);
        }
        return null;
    }

    /**
     * Opens the spool (or the memory buffer) for {@code agentId}.
     *
     * @throws SpoolUnavailableException when no spool directory can be used; the message says why
     */
    Choice open(String agentId, Map<String, String> environment) throws SpoolUnavailableException {
        if (noSpool) {
            log.info("no spool: waiting batches are kept in memory only");
            return memory();
        }
        long bound = maxBytes != null ? maxBytes : DEFAULT_MAX_BYTES;
        List<Path> candidates = dir != null ? List.of(dir) : List.of(Path.of(SYSTEM_DIR), userStateDir(environment));
        return new Choice(openFirstUsable(candidates, agentId, bound), RetryPolicy.DEFAULT.withoutAgeLimit());
    }

    /** The buffers and the retry policy of the lanes to several servers. */
    record Lanes(List<ServerLane> lanes, RetryPolicy policy) {
    }

    /**
     * A buffer per server: the spool directory itself with one server (as ever), a subdirectory per server with
     * several; in memory with {@code --no-spool} or {@code memoryOnly} ({@code --once}).
     *
     * @throws SpoolUnavailableException when a spool directory cannot be used; buffers opened so far are closed
     */
    Lanes openLanes(List<IngestEndpoint> endpoints, String agentId, Map<String, String> environment,
                    boolean memoryOnly) throws SpoolUnavailableException {
        if (memoryOnly || noSpool || endpoints.size() == 1) {
            List<ServerLane> lanes = new ArrayList<>();
            Choice first = memoryOnly ? memory() : open(agentId, environment);
            lanes.add(new ServerLane(endpoints.getFirst(), first.buffer()));
            for (IngestEndpoint endpoint : endpoints.subList(1, endpoints.size())) {
                lanes.add(new ServerLane(endpoint, memory().buffer()));
            }
            return new Lanes(lanes, first.policy());
        }
        long bound = maxBytes != null ? maxBytes : DEFAULT_MAX_BYTES;
        List<Path> bases = dir != null ? List.of(dir) : List.of(Path.of(SYSTEM_DIR), userStateDir(environment));
        List<ServerLane> lanes = new ArrayList<>();
        try {
            for (IngestEndpoint endpoint : endpoints) {
                List<Path> candidates = bases.stream().map(base -> base.resolve(laneDirectory(endpoint.server()))).toList();
                lanes.add(new ServerLane(endpoint, openFirstUsable(candidates, agentId, bound)));
            }
        } catch (SpoolUnavailableException e) {
            lanes.forEach(lane -> lane.buffer().close());
            throw e;
        }
        return new Lanes(lanes, RetryPolicy.DEFAULT.withoutAgeLimit());
    }

    /** The subdirectory of one server's spool: its host, port and path, in characters safe in a file name. */
    static String laneDirectory(URI server) {
        int port = server.getPort() > 0 ? server.getPort() : "https".equals(server.getScheme()) ? 443 : 80;
        String path = server.getRawPath() == null ? "" : server.getRawPath().replaceAll("/+$", "");
        return ("to-" + server.getHost() + "_" + port + path).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    static Choice memory() {
        return new Choice(new MemoryBatchBuffer(MemoryBatchBuffer.DEFAULT_CAPACITY), RetryPolicy.DEFAULT);
    }

    /** The first of {@code candidates} that opens; a lock held by another process ends the search. */
    static DiskSpool openFirstUsable(List<Path> candidates, String agentId, long bound) throws SpoolUnavailableException {
        List<String> failures = new ArrayList<>();
        for (Path candidate : candidates) {
            try {
                DiskSpool spool = DiskSpool.open(candidate, agentId, bound);
                if (!failures.isEmpty()) {
                    log.warn("cannot use the spool {}; spooling to {} instead", failures.getLast(), candidate);
                }
                return spool;
            } catch (SpoolLockedException e) {
                throw new SpoolUnavailableException(e.getMessage());
            } catch (IOException e) {
                failures.add(candidate + " (" + describe(e) + ")");
            }
        }
        throw new SpoolUnavailableException("cannot use the spool " + String.join(", nor ", failures)
                + "; give a writable --spool-dir DIR, or --no-spool");
    }

    private static Path userStateDir(Map<String, String> environment) {
        String state = environment.get("XDG_STATE_HOME");
        if (state != null && Path.of(state).isAbsolute()) {
            return Path.of(state, "fabricpulse", "spool");
        }
        String home = environment.getOrDefault("HOME", System.getProperty("user.home"));
        return Path.of(home, ".local", "state", "fabricpulse", "spool");
    }

    /** In words: the exceptions of java.nio.file often carry only a path as their message. */
    private static String describe(IOException e) {
        return switch (e) {
            case AccessDeniedException denied -> "permission denied: " + denied.getFile();
            case FileAlreadyExistsException exists -> exists.getFile() + " is in the way: it is not a directory";
            case FileSystemException other when other.getReason() != null -> other.getFile() + ": " + other.getReason();
            default -> e.toString();
        };
    }
}
