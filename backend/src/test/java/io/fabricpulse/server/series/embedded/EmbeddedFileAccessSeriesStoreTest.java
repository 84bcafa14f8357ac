package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;

/** The contract against the embedded store with rrd4j's RandomAccessFile backend ({@code file-access: file}). */
class EmbeddedFileAccessSeriesStoreTest extends SeriesStoreContract {

    @TempDir
    Path directory;

    @Override
    protected SeriesStore newStore() {
        return new EmbeddedSeriesStore(TestLayouts.small(directory, EmbeddedSeriesProperties.FileAccess.FILE,
                EmbeddedSeriesProperties.Layout.FILES),
                Clock.systemUTC());
    }
}
