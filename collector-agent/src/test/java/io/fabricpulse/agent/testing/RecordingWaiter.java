package io.fabricpulse.agent.testing;

import io.fabricpulse.agent.push.Waiter;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link Waiter} that records each wait and advances the test clock instead of waiting. */
public final class RecordingWaiter implements Waiter {

    private final MutableClock clock;
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    public RecordingWaiter(MutableClock clock) {
        this.clock = clock;
    }

    @Override
    public void await(Duration duration) {
        waits.add(duration);
        clock.advance(duration);
    }

    @Override
    public void wakeUp() {
    }

    public List<Duration> waits() {
        return List.copyOf(waits);
    }
}
