package io.fabricpulse.agent.push;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How the pusher waits between attempts. Shutdown must not sit out a minute of backoff, so waits end
 * early on {@link #wakeUp()}. Tests substitute a waiter that advances a test clock instead of waiting.
 */
public interface Waiter {

    /** Waits {@code duration}, or less once {@link #wakeUp()} has been called. */
    void await(Duration duration) throws InterruptedException;

    /** Ends the current wait and makes every later one return at once. */
    void wakeUp();

    /** Waits in real time. */
    static Waiter realTime() {
        return new Waiter() {
            private final ReentrantLock lock = new ReentrantLock();
            private final Condition woken = lock.newCondition();
            private boolean awake;

            @Override
            public void await(Duration duration) throws InterruptedException {
                long nanos = duration.toNanos();
                lock.lock();
                try {
                    while (!awake && nanos > 0) {
                        nanos = woken.awaitNanos(nanos);
                    }
                } finally {
                    lock.unlock();
                }
            }

            @Override
            public void wakeUp() {
                lock.lock();
                try {
                    awake = true;
                    woken.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        };
    }
}
