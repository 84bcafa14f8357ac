package io.fabricpulse.server.web;

import io.fabricpulse.server.history.HistoryProperties;
import io.fabricpulse.server.history.HistoryWindow;
import io.fabricpulse.server.history.PastTopologies;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesStore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import java.io.IOException;
import java.nio.file.Files;

/**
 * What the map's and the overview's time slider need in a web slice: the history's window and an embedded series store
 * of its own (files are made only on the first write). Slices that rebuild the past also import {@code FabricHistory}.
 */
@TestConfiguration(proxyBeanMethods = false)
@EnableConfigurationProperties(HistoryProperties.class)
@Import({HistoryWindow.class, PastTopologies.class, TimeSliders.class})
public class PageHistory {

    @Bean(destroyMethod = "close")
    SeriesStore pageSeriesStore() throws IOException {
        return new EmbeddedSeriesStore(EmbeddedSeriesProperties.defaultsIn(Files.createTempDirectory("page-series")));
    }
}
