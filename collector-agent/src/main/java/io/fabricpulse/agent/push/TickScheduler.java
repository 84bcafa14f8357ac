package io.fabricpulse.agent.push;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs the collector's polls. One task at a time; tests substitute a scheduler driven by a test clock.
 */
public interface TickScheduler extends AutoCloseable {

    /** Runs {@code task} once after {@code delay}. */
    Scheduled schedule(Runnable task, Duration delay);

    /** Drops tasks not yet started; a running one finishes. */
    @Override
    void close();

    /** A scheduled task that has not run yet can be called off. */
    interface Scheduled {
        void cancel();
    }

    /** A scheduler with one daemon thread. */
    static TickScheduler singleThread(String threadName) {
        return pool(threadName, 1);
    }

    /**
     * A scheduler with {@code threads} daemon threads, for many collectors in one process (the load
     * generator): their polls run side by side, at most {@code threads} at a time.
     */
    static TickScheduler pool(String threadName, int threads) {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(threads, runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.setRemoveOnCancelPolicy(true);
        return new TickScheduler() {
            @Override
            public Scheduled schedule(Runnable task, Duration delay) {
                ScheduledFuture<?> future = executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
                return () -> future.cancel(false);
            }

            @Override
            public void close() {
                executor.shutdown();
                try {
                    executor.awaitTermination(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
