package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;

/** The contract against the embedded store with one mapped rrd4j file per port ({@code layout: files}). */
class EmbeddedPortFilesSeriesStoreTest extends SeriesStoreContract {

    @TempDir
    Path directory;

    @Override
    protected SeriesStore newStore() {
        return new EmbeddedSeriesStore(TestLayouts.small(directory, EmbeddedSeriesProperties.FileAccess.MAPPED,
                EmbeddedSeriesProperties.Layout.FILES), Clock.systemUTC());
    }
}
