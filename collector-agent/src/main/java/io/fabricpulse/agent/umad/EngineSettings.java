package io.fabricpulse.agent.umad;

import java.time.Duration;

/**
 * How the request engine paces itself.
 *
 * @param window  requests in flight at once; more wait their turn (perfquery has 1)
 * @param timeout how long one attempt waits for its answer
 * @param retries attempts after the first before the request fails with {@link MadTimeoutException}
 */
public record EngineSettings(int window, Duration timeout, int retries) {

    /** 1000 ms per attempt as libibmad, three attempts in all, eight requests in flight. */
    public static final EngineSettings DEFAULTS = new EngineSettings(8, Duration.ofMillis(1000), 2);

    public EngineSettings {
        if (window < 1 || window > 1024) {
            throw new IllegalArgumentException("window " + window + " (1..1024)");
        }
        if (timeout.isNegative() || timeout.isZero() || timeout.toMillis() > 60_000) {
            throw new IllegalArgumentException("timeout " + timeout + " (1 ms..60 s)");
        }
        if (retries < 0 || retries > 20) {
            throw new IllegalArgumentException("retries " + retries + " (0..20)");
        }
    }

    public EngineSettings withWindow(int newWindow) {
        return new EngineSettings(newWindow, timeout, retries);
    }

    /** The longest a caller can wait for one request: every attempt's timeout plus a margin. */
    Duration worstCase() {
        return timeout.multipliedBy(retries + 1L).plusSeconds(1);
    }
}
