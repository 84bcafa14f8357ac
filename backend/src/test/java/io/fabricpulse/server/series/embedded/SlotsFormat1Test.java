package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A slot directory written by the release before this one (format 1, the fixture {@code format1-slots.zip}:
 * seven ports over three groups, irregular samples, two silences longer than whole archives, and the answers
 * that release gave; its README says how it was made) is upgraded in place at startup and then answers every
 * chart and worst-N query exactly as that release did.
 */
class SlotsFormat1Test {

    @TempDir
    Path temp;

    private Path directory;
    private List<String> answers;

    @BeforeEach
    void unpack() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("format1-slots.zip");
             ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path target = temp.resolve(entry.getName());
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(zip, target);
                }
            }
        }
        directory = temp.resolve("series");
        answers = Files.readAllLines(temp.resolve("answers.txt"));
    }

    private EmbeddedSeriesStore store() {
        return new EmbeddedSeriesStore(TestLayouts.small(directory), 3);
    }

    @Test
    void aFormat1DirectoryIsUpgradedAndAnswersAsTheReleaseThatWroteIt() throws IOException {
        try (EmbeddedSeriesStore store = store()) {
            assertAnswers(store);
            assertThat(store.check().detail()).endsWith("7 slots in 3 groups of 3");
        }
        assertThat(Files.readAllLines(directory.resolve(StoreFormat.FILE_NAME))).startsWith(StoreFormat.NAME,
                "ports-per-group 3", "step 10", "heartbeat 60");
        assertThat(directory.resolve(SlotsFormat1.LAYOUT_FILE)).doesNotExist();
        try (EmbeddedSeriesStore store = store()) {
            assertAnswers(store);
        }
    }

    /** An upgrade cut short after turning rings, before its FORMAT was written, runs again without turning them twice. */
    @Test
    void anUpgradeCutShortRunsAgainToTheSameEnd() throws IOException {
        Path original = Files.copy(directory.resolve(StoreFormat.FILE_NAME), temp.resolve("FORMAT-1"));
        Path layout = Files.copy(directory.resolve(SlotsFormat1.LAYOUT_FILE), temp.resolve("layout-1.rrd"));
        store().close();
        Files.copy(original, directory.resolve(StoreFormat.FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(layout, directory.resolve(SlotsFormat1.LAYOUT_FILE));

        try (EmbeddedSeriesStore store = store()) {
            assertAnswers(store);
        }
    }

    @Test
    void aDamagedLayoutFileIsRefusedAndNothingIsChanged() throws IOException {
        Path layout = directory.resolve(SlotsFormat1.LAYOUT_FILE);
        byte[] format = Files.readAllBytes(directory.resolve(StoreFormat.FILE_NAME));
        try (FileChannel channel = FileChannel.open(layout, StandardOpenOption.WRITE)) {
            channel.truncate(600_000);
        }

        assertThatThrownBy(this::store).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining(layout + " is not the layout file of a format 1 slot directory: its rows are cut"
                        + " short");
        assertThat(Files.readAllBytes(directory.resolve(StoreFormat.FILE_NAME))).isEqualTo(format);
    }

    private void assertAnswers(EmbeddedSeriesStore store) {
        int rates = 0;
        int worst = 0;
        for (String line : answers) {
            String[] words = line.split(" ");
            if (words[0].equals("rates")) {
                RateQuery query = new RateQuery(port(words[1]), RateSeries.named(words[2]),
                        Consolidation.valueOf(words[3]), Instant.ofEpochSecond(Long.parseLong(words[4])),
                        Instant.ofEpochSecond(Long.parseLong(words[5])), Duration.ofSeconds(Long.parseLong(words[6])));
                List<String> ours = store.rates(query).stream().map(RatePoint::value).map(SlotsFormat1Test::text)
                        .toList();
                assertThat(ours).as(line.substring(0, line.indexOf(' ', 60))).isEqualTo(List.of(words).subList(7,
                        words.length));
                rates++;
            } else {
                Map<PortSeriesKey, String> expected = new HashMap<>();
                for (int i = 5; i < words.length; i++) {
                    String[] portValue = words[i].split("=");
                    if (!portValue[1].equals("-")) {
                        expected.put(port(portValue[0]), portValue[1]);
                    }
                }
                List<PortRate> ranked = store.worst(new WorstQuery(RateSeries.named(words[1]),
                        Consolidation.valueOf(words[2]), Instant.ofEpochSecond(Long.parseLong(words[3])),
                        Instant.ofEpochSecond(Long.parseLong(words[4])), WorstQuery.MAX_LIMIT));
                Map<PortSeriesKey, String> ours = new HashMap<>();
                ranked.forEach(rate -> ours.put(rate.port(), text(rate.value())));
                assertThat(ours).as(String.join(" ", List.of(words).subList(0, 5))).isEqualTo(expected);
                assertThat(ranked).isSortedAccordingTo(PortRate.WORST_FIRST);
                worst++;
            }
        }
        assertThat(rates).isEqualTo(168);
        assertThat(worst).isEqualTo(168);
    }

    /** {@code 0x0002c90300000000[1]}, as {@link PortSeriesKey#toString()} writes it. */
    private static PortSeriesKey port(String text) {
        return new PortSeriesKey(text.substring(0, text.indexOf('[')),
                Integer.parseInt(text.substring(text.indexOf('[') + 1, text.length() - 1)));
    }

    private static String text(double value) {
        return Double.isNaN(value) ? "-" : Long.toHexString(Double.doubleToRawLongBits(value));
    }
}
