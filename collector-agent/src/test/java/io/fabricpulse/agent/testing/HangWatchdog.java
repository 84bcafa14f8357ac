package io.fabricpulse.agent.testing;

import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Turns a hung test JVM into a failed build that says where it hung. A test class (its Spring context
 * start included, which no JUnit timeout covers) that runs longer than {@code fabricpulse.test.hang-after}
 * (default 10 minutes; a whole module's tests take a few) gets every thread's full stack written to
 * {@code target/hang-<pid>.txt} and to standard error, and the JVM halts, so Surefire or Failsafe
 * reports a crashed fork instead of CI waiting out its own time limit with nothing to show.
 *
 * <p>A safety net for hangs, not a speed assertion: the limit is far above any class's normal run.
 * Registered for every test JVM of the agent and of the server (which has the agent's test jar) through
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class HangWatchdog implements TestExecutionListener {

    static final String LIMIT_PROPERTY = "fabricpulse.test.hang-after";
    private static final Duration DEFAULT_LIMIT = Duration.ofMinutes(10);
    private static final Duration CHECK_EVERY = Duration.ofSeconds(5);

    private final Duration limit;
    private final LongSupplier nanoTime;
    private final Consumer<String> onHang;
    /** Running test classes by unique id, with the {@link #nanoTime} they started at. */
    private final Map<String, Started> running = new ConcurrentHashMap<>();
    private volatile Thread watcher;

    private record Started(String className, long atNanos) {
    }

    /** The listener JUnit loads: limit from the system property, real time, dump and halt. */
    public HangWatchdog() {
        this(limitFrom(System.getProperty(LIMIT_PROPERTY)), System::nanoTime, HangWatchdog::reportAndHalt);
    }

    HangWatchdog(Duration limit, LongSupplier nanoTime, Consumer<String> onHang) {
        this.limit = limit;
        this.nanoTime = nanoTime;
        this.onHang = onHang;
    }

    static Duration limitFrom(String property) {
        if (property == null || property.isBlank()) {
            return DEFAULT_LIMIT;
        }
        Duration parsed = Duration.parse(property.strip());
        if (parsed.isNegative() || parsed.isZero()) {
            throw new IllegalArgumentException(LIMIT_PROPERTY + " must be a positive ISO-8601 duration, was " + property);
        }
        return parsed;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        Thread started = Thread.ofPlatform().daemon().name("fabricpulse-hang-watchdog").unstarted(this::watch);
        watcher = started;
        started.start();
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        Thread stopping = watcher;
        if (stopping != null) {
            stopping.interrupt();
        }
    }

    @Override
    public void executionStarted(TestIdentifier identifier) {
        if (identifier.getSource().orElse(null) instanceof ClassSource source) {
            running.put(identifier.getUniqueId(), new Started(source.getClassName(), nanoTime.getAsLong()));
        }
    }

    @Override
    public void executionFinished(TestIdentifier identifier, org.junit.platform.engine.TestExecutionResult result) {
        running.remove(identifier.getUniqueId());
    }

    @Override
    public void executionSkipped(TestIdentifier identifier, String reason) {
        running.remove(identifier.getUniqueId());
    }

    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(CHECK_EVERY);
            } catch (InterruptedException e) {
                return;
            }
            if (check()) {
                return;
            }
        }
    }

    /** Reports the first test class over the limit, if any; true when it did. */
    boolean check() {
        long now = nanoTime.getAsLong();
        for (Started started : running.values()) {
            Duration ran = Duration.ofNanos(now - started.atNanos());
            if (ran.compareTo(limit) > 0) {
                onHang.accept("FabricPulse hang watchdog: " + started.className() + " has run for "
                        + ran.toSeconds() + " s (" + LIMIT_PROPERTY + " = " + limit + "); every thread follows, "
                        + "the test's own thread last.\n" + ThreadDump.ofAllThreads());
                return true;
            }
        }
        return false;
    }

    private static void reportAndHalt(String report) {
        Path file = Path.of("target", "hang-" + ProcessHandle.current().pid() + ".txt");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, report, StandardCharsets.UTF_8);
        } catch (IOException e) {
            report += "\n(could not write " + file.toAbsolutePath() + ": " + e + ")";
        }
        PrintStream err = System.err;
        err.println(report);
        err.flush();
        Runtime.getRuntime().halt(86);
    }
}
