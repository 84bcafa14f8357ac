package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The contract against the embedded store in groups of three ports, so that every test spans several groups. */
class EmbeddedSmallGroupsSeriesStoreTest extends SeriesStoreContract {

    @TempDir
    Path directory;

    @Override
    protected SeriesStore newStore() {
        return new EmbeddedSeriesStore(TestLayouts.small(directory), 3);
    }
}
