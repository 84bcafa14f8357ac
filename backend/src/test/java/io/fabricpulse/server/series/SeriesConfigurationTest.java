package io.fabricpulse.server.series;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesConfiguration;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesStore;
import io.fabricpulse.server.series.influxdb.InfluxDbSeriesConfiguration;
import io.fabricpulse.server.series.influxdb.InfluxDbSeriesStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** One property picks the store; each store's settings bind from configuration; health asks check(). */
class SeriesConfigurationTest {

    @TempDir
    Path temp;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withUserConfiguration(SeriesConfiguration.class, EmbeddedSeriesConfiguration.class,
                        InfluxDbSeriesConfiguration.class)
                .withBean(Clock.class, Clock::systemUTC)
                .withBean(PortIndex.class, PortIndex::new)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new);
    }

    @Test
    void withNoConfigurationTheEmbeddedStoreRunsAndTouchesNothing() {
        Path directory = temp.resolve("data/series");
        runner().withPropertyValues("fabricpulse.series.embedded.directory=" + directory).run(context -> {
            assertThat(context).hasSingleBean(SeriesStore.class).hasSingleBean(EmbeddedSeriesStore.class);
            Health health = context.getBean("seriesHealthIndicator", HealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("type", "embedded")
                    .containsEntry("detail", directory + " will be created on the first write");
            assertThat(context.getBean(MeterRegistry.class).find("fabricpulse.series.embedded.skipped.points")
                    .functionCounter()).isNotNull();
        });
        assertThat(temp.resolve("data")).doesNotExist();
    }

    @Test
    void theEmbeddedArchivesBindFromConfiguration() {
        runner().withPropertyValues("fabricpulse.series.embedded.directory=" + temp,
                "fabricpulse.series.embedded.step=5s",
                "fabricpulse.series.embedded.archives[0].resolution=5s",
                "fabricpulse.series.embedded.archives[0].retention=6h",
                "fabricpulse.series.embedded.archives[1].resolution=5m",
                "fabricpulse.series.embedded.archives[1].retention=30d",
                "fabricpulse.series.embedded.archives[1].max=true").run(context -> {
            // a 4 KB state page and 23 series x 8 bytes x (4320 + 2 x 8640 rows)
            assertThat(context.getBean(EmbeddedSeriesStore.class).bytesPerPort())
                    .isEqualTo(4096 + 23 * 8 * (4320 + 2 * 8640));
        });
        runner().withPropertyValues("fabricpulse.series.embedded.directory=" + temp,
                "fabricpulse.series.embedded.step=5s",
                "fabricpulse.series.embedded.archives[0].resolution=5s",
                "fabricpulse.series.embedded.archives[0].retention=6h").run(context -> {
            // a 4 KB state page and 23 series x 8 bytes x 4320 rows, nothing else
            assertThat(context.getBean(EmbeddedSeriesStore.class).bytesPerPort()).isEqualTo(4096 + 23 * 8 * 4320);
        });
    }

    /** The one-file-per-port layout is gone, and so are its settings: a configuration that sets one is told. */
    @Test
    void settingsOfTheRemovedFilesLayoutStopStartupNamingThem() {
        for (String setting : new String[] {"layout=files", "file-access=file", "max-open-files=32768"}) {
            runner().withPropertyValues("fabricpulse.series.embedded.directory=" + temp,
                    "fabricpulse.series.embedded." + setting).run(context ->
                    assertThat(context).getFailure().hasStackTraceContaining(
                            "fabricpulse.series.embedded." + setting.substring(0, setting.indexOf('='))));
        }
        assertThat(temp.resolve("FORMAT")).doesNotExist();
    }

    @Test
    void aBadArchiveStopsStartupSayingWhich() {
        runner().withPropertyValues("fabricpulse.series.embedded.directory=" + temp,
                "fabricpulse.series.embedded.archives[0].resolution=10s",
                "fabricpulse.series.embedded.archives[0].retention=1d",
                "fabricpulse.series.embedded.archives[1].resolution=15s",
                "fabricpulse.series.embedded.archives[1].retention=1d").run(context ->
                assertThat(context).getFailure().rootCause().hasMessageContaining(
                        "fabricpulse.series.embedded.archives[1].resolution (PT15S) must be a multiple of the step (PT10S)"));
    }

    @Test
    void theInfluxDbStoreIsChosenByTheTypeAndReportsAnUnreachableServerAsDown() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        runner().withPropertyValues("fabricpulse.series.type=influxdb",
                "fabricpulse.series.influxdb.url=http://127.0.0.1:" + closedPort,
                "fabricpulse.series.influxdb.timeout=2s").run(context -> {
            assertThat(context).hasSingleBean(SeriesStore.class).hasSingleBean(InfluxDbSeriesStore.class)
                    .doesNotHaveBean(EmbeddedSeriesStore.class);
            Health health = context.getBean("seriesHealthIndicator", HealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("type", "influxdb");
            assertThat((String) health.getDetails().get("detail")).startsWith("InfluxDB at http://127.0.0.1:" + closedPort);
        });
    }

    @Test
    void anUnknownTypeStopsStartupNamingTheProperty() {
        runner().withPropertyValues("fabricpulse.series.type=cassandra").run(context ->
                assertThat(context).getFailure().hasStackTraceContaining("fabricpulse.series.type")
                        .hasStackTraceContaining("cassandra"));
    }

    @Test
    void influxDbSettingsThatContradictEachOtherStopStartup() {
        runner().withPropertyValues("fabricpulse.series.type=influxdb",
                "fabricpulse.series.influxdb.retention=30d").run(context ->
                assertThat(context).getFailure().rootCause().hasMessageContaining(
                        "fabricpulse.series.influxdb.retention is applied only when create-database is true"));
    }
}
