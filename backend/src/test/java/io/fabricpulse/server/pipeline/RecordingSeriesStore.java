package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;

import java.util.ArrayList;
import java.util.List;

/**
 * A real series store with a window onto its writes: every sample written through it is recorded,
 * a hook runs before each write (to look at what is acknowledged at that moment), and an outage can
 * be switched on, in which writes fail as a store's do, without reaching the store.
 */
final class RecordingSeriesStore implements SeriesStore {

    private final SeriesStore store;
    private final List<PortRateSample> written = new ArrayList<>();
    private final List<Integer> writeSizes = new ArrayList<>();
    private Runnable beforeWrite = () -> {
    };
    private boolean down;

    RecordingSeriesStore(SeriesStore store) {
        this.store = store;
    }

    synchronized void beforeWrite(Runnable hook) {
        this.beforeWrite = hook;
    }

    synchronized void down(boolean down) {
        this.down = down;
    }

    /** Everything written successfully, in order. */
    synchronized List<PortRateSample> written() {
        return List.copyOf(written);
    }

    /** Samples per successful write call. */
    synchronized List<Integer> writeSizes() {
        return List.copyOf(writeSizes);
    }

    @Override
    public synchronized void write(List<PortRateSample> batch) {
        beforeWrite.run();
        if (down) {
            throw new SeriesStoreException("series store down (test outage)");
        }
        store.write(batch);
        written.addAll(batch);
        writeSizes.add(batch.size());
    }

    @Override
    public List<RatePoint> rates(RateQuery query) {
        return store.rates(query);
    }

    @Override
    public List<PortRate> worst(WorstQuery query) {
        return store.worst(query);
    }

    @Override
    public CheckResult check() {
        return store.check();
    }

    @Override
    public void close() {
        store.close();
    }

    /** The samples of a port as written, in order. */
    synchronized List<PortRateSample> writtenFor(String guid) {
        return new ArrayList<>(written.stream().filter(sample -> sample.port().nodeGuid().equals(guid)).toList());
    }
}
