package io.fabricpulse.server.series;

import java.util.Collection;
import java.util.List;

/**
 * Where the history of port rates lives: written once per ingested sample, read by charts and the
 * worst-ports views. One implementation per backend (embedded slots, InfluxDB), all held to the
 * same contract test suite.
 *
 * <p>Every method blocks on disk or network: callers on a reactive thread hand the call to a
 * blocking-friendly scheduler. Implementations are thread-safe.
 *
 * <p>Time semantics, identical in every store: a rate stamped {@code t} falls into the bucket
 * {@code [b, b + step)} that contains {@code t}. Points of one port arrive in time order; a point
 * that is not newer than the port's latest one is a replay: InfluxDB overwrites it, round-robin
 * files keep what they have (see each store's documentation).
 */
public interface SeriesStore extends AutoCloseable {

    /** Stores the rates of a batch of samples. A failure is a {@link SeriesStoreException}; nothing is half-explained. */
    void write(List<PortRateSample> batch);

    /**
     * Tells the store that points for these ports will follow: a port seen for the first time has no
     * rate yet, its first point comes with its next sample. A store may prepare for them off the write
     * path (the embedded store creates their files); it must not block. By default nothing happens.
     */
    default void expect(Collection<ExpectedPort> ports) {
    }

    /** One point per bucket of the query, {@code NaN} where the store has nothing. */
    List<RatePoint> rates(RateQuery query);

    /** The ports with the highest consolidated rate over the window, worst first ({@link PortRate#WORST_FIRST}). */
    List<PortRate> worst(WorstQuery query);

    /** Whether the store can work now: used by the health endpoint and by tests alike. Never throws. */
    CheckResult check();

    /** Releases files, connections and threads; the store is unusable afterwards. */
    @Override
    void close();
}
