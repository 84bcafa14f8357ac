package io.fabricpulse.agent.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What {@code /proc} says about one process at one moment, for {@link AgentFootprintBench}:
 * resident memory, CPU time (the kernel's ticks, which include threads that have ended, and the
 * scheduler's nanoseconds summed over the live threads, precise enough for one poll), and the context
 * switches (voluntary + involuntary) of every thread: each is a wake-up or a preemption.
 *
 * @param rssKb           VmRSS
 * @param cpuTicks        utime + stime of the whole process, in clock ticks (1/100 s here)
 * @param runNanos        time on a CPU, summed over {@code /proc/<pid>/task/<tid>/schedstat} of live threads
 * @param switchesByThread per live thread ("name#tid"), voluntary + nonvoluntary context switches
 * @param runNanosByThread per live thread ("name#tid"), time on a CPU
 */
record ProcessSample(long takenNanos, long rssKb, long cpuTicks, long runNanos, Map<String, Long> switchesByThread,
                     Map<String, Long> runNanosByThread) {

    static final int CLOCK_TICKS_PER_SECOND = 100;

    /** The process's sample now; null when it has gone. */
    static ProcessSample of(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            long taken = System.nanoTime();
            long rss = statusField(Files.readString(proc.resolve("status")), "VmRSS:");
            String stat = Files.readString(proc.resolve("stat"));
            // the command name may hold blanks and parentheses: fields count from the last ')'
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            long run = 0;
            Map<String, Long> switches = new HashMap<>();
            Map<String, Long> runByThread = new HashMap<>();
            try (Stream<Path> tasks = Files.list(proc.resolve("task"))) {
                for (Path task : tasks.toList()) {
                    try {
                        long taskRun = Long.parseLong(Files.readString(task.resolve("schedstat")).split(" ")[0]);
                        run += taskRun;
                        String status = Files.readString(task.resolve("status"));
                        String thread = Files.readString(task.resolve("comm")).strip() + "#" + task.getFileName();
                        switches.put(thread, statusField(status, "voluntary_ctxt_switches:")
                                + statusField(status, "nonvoluntary_ctxt_switches:"));
                        runByThread.put(thread, taskRun);
                    } catch (NoSuchFileException ended) {
                        // the thread ended between the listing and the read
                    }
                }
            }
            return new ProcessSample(taken, rss, ticks, run, Map.copyOf(switches), Map.copyOf(runByThread));
        } catch (NoSuchFileException gone) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    long switches() {
        return switchesByThread.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Context switches per thread name since {@code earlier} (threads new since then count from zero). */
    Map<String, Long> switchesSince(ProcessSample earlier) {
        return since(switchesByThread, earlier.switchesByThread);
    }

    /** CPU nanoseconds per thread name since {@code earlier} (threads new since then count from zero). */
    Map<String, Long> runNanosSince(ProcessSample earlier) {
        return since(runNanosByThread, earlier.runNanosByThread);
    }

    private static Map<String, Long> since(Map<String, Long> now, Map<String, Long> before) {
        Map<String, Long> byName = new HashMap<>();
        now.forEach((thread, count) -> {
            long delta = count - before.getOrDefault(thread, 0L);
            if (delta > 0) {
                byName.merge(thread.substring(0, thread.lastIndexOf('#')), delta, Long::sum);
            }
        });
        return byName;
    }

    private static long statusField(String status, String name) {
        return status.lines().filter(l -> l.startsWith(name)).findFirst()
                .map(l -> Long.parseLong(l.substring(name.length()).strip().split("\\s+")[0]))
                .orElseThrow(() -> new IllegalStateException("no " + name + " in /proc status"));
    }
}
