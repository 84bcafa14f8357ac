package io.fabricpulse.agent.testing;

import io.fabricpulse.agent.push.TickScheduler;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A {@link TickScheduler} driven by a {@link MutableClock}: tasks run when the test says time has come. */
public final class ManualScheduler implements TickScheduler {

    private final MutableClock clock;
    private final List<Task> tasks = new ArrayList<>();
    private boolean closed;

    public ManualScheduler(MutableClock clock) {
        this.clock = clock;
    }

    private final class Task implements Scheduled {
        final Instant due;
        final Runnable body;

        Task(Instant due, Runnable body) {
            this.due = due;
            this.body = body;
        }

        @Override
        public void cancel() {
            tasks.remove(this);
        }
    }

    @Override
    public synchronized Scheduled schedule(Runnable task, Duration delay) {
        if (delay.isNegative()) {
            throw new AssertionError("negative delay " + delay);
        }
        Task scheduled = new Task(clock.instant().plus(delay), task);
        if (!closed) {
            tasks.add(scheduled);
        }
        return scheduled;
    }

    /** When the next task is due, or null when none is scheduled. */
    public synchronized Instant nextDue() {
        return tasks.stream().map(t -> t.due).min(Comparator.naturalOrder()).orElse(null);
    }

    public synchronized int pending() {
        return tasks.size();
    }

    /** Moves the clock to the next task's time and runs it. */
    public void runNext() {
        Task task;
        synchronized (this) {
            task = tasks.stream().min(Comparator.comparing(t -> t.due))
                    .orElseThrow(() -> new AssertionError("nothing scheduled"));
            tasks.remove(task);
        }
        if (task.due.isAfter(clock.instant())) {
            clock.set(task.due);
        }
        task.body.run();
    }

    @Override
    public synchronized void close() {
        closed = true;
        tasks.clear();
    }
}
