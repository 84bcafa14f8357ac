package io.fabricpulse.agent.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Turns {@link AgentFootprintBench}'s per-second samples into its table, and a process's memory map into a summary. */
final class FootprintReport {

    /** Threads whose wake-ups are the poll and the push: a second in which they ran is not "between polls". */
    private static final List<String> POLL_THREADS = List.of("fabricpulse-pol", "fabricpulse-pus");

    private FootprintReport() {
    }

    static String table(Map<String, List<ProcessSample>> samples, Map<String, Duration> intervals, Duration run) {
        StringBuilder out = new StringBuilder("""
                | process | poll/scrape every | RSS MB median (min-max) | RSS MB first → last minute | CPU % of a core \
                | CPU per poll/scrape, ms: median (p90) of scheduler time; mean from ticks | wake-ups/s (threads) \
                | wake-ups/s between polls (threads) |
                |---|---|---|---|---|---|---|---|
                """);
        samples.forEach((name, list) -> out.append(row(name, list, intervals.get(name))).append('\n'));
        out.append("\n").append(run.toMinutes()).append(" min sampled once a second after the warm-up.\n\n")
                .append("CPU per poll/scrape by thread, ms (the agent's thread named `java` that is not its main thread"
                        + " is umad2sim's, ibsim's stand-in for the kernel; it does not exist on a real node):\n");
        samples.forEach((name, list) -> out.append("- ").append(name).append(": ")
                .append(cpuByThread(list, intervals.get(name))).append('\n'));
        return out.toString();
    }

    static String row(String name, List<ProcessSample> list, Duration interval) {
        if (list.size() < 3) {
            return "| " + name + " | process ended early |";
        }
        ProcessSample first = list.getFirst();
        ProcessSample last = list.getLast();
        double seconds = (last.takenNanos() - first.takenNanos()) / 1e9;
        List<Double> rss = list.stream().map(s -> s.rssKb() / 1024.0).toList();
        int minute = Math.min(60, list.size() / 2);
        double cpuSeconds = (last.cpuTicks() - first.cpuTicks()) / (double) ProcessSample.CLOCK_TICKS_PER_SECOND;
        int step = (int) Math.max(1, interval.toSeconds());
        List<Double> perPoll = new ArrayList<>();
        for (int i = 0; i + step < list.size(); i += step) {
            long delta = list.get(i + step).runNanos() - list.get(i).runNanos();
            if (delta >= 0) {
                perPoll.add(delta / 1e6);
            }
        }
        double polls = seconds / interval.toMillis() * 1000;

        Map<String, Long> byThread = new HashMap<>();
        Map<String, Long> quietByThread = new HashMap<>();
        List<Map<String, Long>> steps = new ArrayList<>();
        for (int i = 1; i < list.size(); i++) {
            steps.add(list.get(i).switchesSince(list.get(i - 1)));
        }
        int quietSteps = 0;
        for (int i = 0; i < steps.size(); i++) {
            steps.get(i).forEach((thread, n) -> byThread.merge(thread, n, Long::sum));
            boolean quiet = interval.toSeconds() >= 3 && !pollActive(steps, i - 1) && !pollActive(steps, i)
                    && !pollActive(steps, i + 1);
            if (quiet) {
                quietSteps++;
                steps.get(i).forEach((thread, n) -> quietByThread.merge(thread, n, Long::sum));
            }
        }
        double wakeups = byThread.values().stream().mapToLong(Long::longValue).sum() / seconds;
        String between = interval.toSeconds() < 3 ? "n/a (every second polls)"
                : "%.2f (%s)".formatted(quietByThread.values().stream().mapToLong(Long::longValue).sum()
                / (double) Math.max(1, quietSteps), top(quietByThread, quietSteps));
        return "| %s | %d s | %.1f (%.1f-%.1f) | %.1f → %.1f | %.3f | %.3f (%.3f); %.3f | %.1f (%s) | %s |".formatted(name,
                interval.toSeconds(), median(rss), min(rss), max(rss), median(rss.subList(0, minute)),
                median(rss.subList(rss.size() - minute, rss.size())), 100 * cpuSeconds / seconds, median(perPoll),
                percentile(perPoll, 0.9), 1000 * cpuSeconds / polls, wakeups, top(byThread, seconds), between);
    }

    /** CPU time per poll of each thread (by name), the busiest first. */
    static String cpuByThread(List<ProcessSample> list, Duration interval) {
        Map<String, Long> byThread = new HashMap<>();
        for (int i = 1; i < list.size(); i++) {
            list.get(i).runNanosSince(list.get(i - 1)).forEach((thread, n) -> byThread.merge(thread, n, Long::sum));
        }
        double polls = (list.getLast().takenNanos() - list.getFirst().takenNanos()) / (double) interval.toNanos();
        return byThread.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(6)
                .map(e -> "%s %.3f".formatted(e.getKey(), e.getValue() / 1e6 / Math.max(1, polls)))
                .collect(Collectors.joining(", "));
    }

    private static boolean pollActive(List<Map<String, Long>> steps, int i) {
        return i >= 0 && i < steps.size() && POLL_THREADS.stream().anyMatch(steps.get(i)::containsKey);
    }

    private static String top(Map<String, Long> byThread, double seconds) {
        return byThread.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(4)
                .map(e -> "%s %.2f".formatted(e.getKey(), e.getValue() / Math.max(1, seconds)))
                .collect(Collectors.joining(", "));
    }

    /** Resident memory by mapping: each file by name, anonymous memory as [anon], malloc's brk area as [heap]. */
    static String memoryMap(long pid) {
        Map<String, Long> kb = new HashMap<>();
        String mapping = "[anon]";
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "smaps"))) {
                if (line.matches("[0-9a-f]+-[0-9a-f]+ .*")) {
                    String[] fields = line.split("\\s+", 6);
                    mapping = fields.length < 6 || fields[5].isBlank() ? "[anon]" : Path.of(fields[5].strip())
                            .getFileName() == null ? fields[5].strip() : fields[5].startsWith("[") ? fields[5].strip()
                            : Path.of(fields[5].strip()).getFileName().toString();
                } else if (line.startsWith("Rss:")) {
                    kb.merge(mapping, Long.parseLong(line.substring(4).strip().split("\\s+")[0]), Long::sum);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "RSS of the first agent by mapping (KB): " + kb.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(10)
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    static double median(List<Double> values) {
        return percentile(values, 0.5);
    }

    static double percentile(List<Double> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
