package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The contract against the embedded store with the default layout a zero-configuration server uses
 * (four archives, the daily one included), not only the small test layout.
 */
class EmbeddedDefaultLayoutSeriesStoreTest extends SeriesStoreContract {

    @TempDir
    Path directory;

    @Override
    protected SeriesStore newStore() {
        return new EmbeddedSeriesStore(EmbeddedSeriesProperties.defaultsIn(directory));
    }
}
