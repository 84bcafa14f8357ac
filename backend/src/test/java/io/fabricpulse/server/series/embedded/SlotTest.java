package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Archive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A slot's arithmetic against rrd4j's, for any sequence of samples: on and off the step grid, gaps within and
 * beyond the heartbeat, silences longer than whole archives (rings filled at once), series missing from
 * samples, replays, and stores restarted in between (rrd4j forgets the last rate of the current step when it
 * reopens a file, and so does the store). After every stretch of samples the slot's state and every row of
 * every archive must be rrd4j's ({@link Rrd4jOracle}).
 */
class SlotTest {

    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 1);

    @TempDir
    Path temp;

    /** Rings of a few rows and a heartbeat under three steps: wraps, bulk fills and unknown steps all the time. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void shortRingsMatchRrd4j(long seed) throws IOException {
        replay(properties(Duration.ofSeconds(10), Duration.ofSeconds(25),
                new Archive(Duration.ofSeconds(10), Duration.ofSeconds(170), false),
                new Archive(Duration.ofSeconds(30), Duration.ofSeconds(330), true),
                new Archive(Duration.ofSeconds(60), Duration.ofSeconds(420), true),
                new Archive(Duration.ofSeconds(300), Duration.ofSeconds(1_500), true)), seed, 3_000, 97);
    }

    /** The test layout, a one-second step, and a start off the step grid. */
    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13})
    void theTestLayoutAndASecondStepMatchRrd4j(long seed) throws IOException {
        replay(TestLayouts.small(temp.resolve("small")), seed, 2_000, 500);
        replay(properties(Duration.ofSeconds(1), Duration.ofSeconds(3),
                new Archive(Duration.ofSeconds(1), Duration.ofSeconds(60), false),
                new Archive(Duration.ofSeconds(5), Duration.ofSeconds(120), true)), seed, 2_000, 300);
    }

    /** The product's own layout: 23 series, seven archives, a daily one whose rows hold 8,640 steps. */
    @Test
    void theDefaultLayoutMatchesRrd4j() throws IOException {
        replay(EmbeddedSeriesProperties.defaultsIn(temp.resolve("defaults")), 42, 1_200, 400);
    }

    private EmbeddedSeriesProperties properties(Duration step, Duration heartbeat, Archive... archives) {
        return new EmbeddedSeriesProperties(temp.resolve("custom"), step, heartbeat, List.of(archives));
    }

    /**
     * {@code updates} random samples of one port into a fresh store and into rrd4j, compared every
     * {@code checkEvery} samples and at the end; both restart now and then.
     */
    private void replay(EmbeddedSeriesProperties properties, long seed, int updates, int checkEvery) throws IOException {
        Path directory = properties.directory().resolveSibling(properties.directory().getFileName() + "-" + seed);
        SlotLayout layout = SlotLayout.of(properties, 3);
        Random random = new Random(seed);
        long step = layout.step();
        Instant at = Instant.ofEpochSecond(1_800_000_000L + random.nextInt(100_000));
        PortSlots slots = new PortSlots(directory, layout, new PortIndex());
        try (Rrd4jOracle rrd4j = new Rrd4jOracle(temp.resolve("oracle-" + seed + ".rrd"), layout, at.getEpochSecond())) {
            for (int update = 1; update <= updates; update++) {
                PortRateSample sample = sample(at, random);
                assertThat(slots.write(sample)).as("update %d stored", update).isEqualTo(rrd4j.update(sample));
                if (random.nextInt(40) == 0) {
                    // a replay, or a second sample within the same second
                    PortRateSample replay = sample(at.minusSeconds(random.nextInt(3)), random);
                    assertThat(slots.write(replay)).isFalse();
                    assertThat(rrd4j.update(replay)).isFalse();
                }
                if (update % checkEvery == 0 || update == updates) {
                    String what = "seed %d, update %d".formatted(seed, update);
                    slots.read(PORT, slot -> {
                        try {
                            rrd4j.assertSlotMatches(slot, directory, 0, what);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                        return slot;
                    });
                }
                if (random.nextInt(150) == 0) {
                    slots.close();
                    rrd4j.reopen();
                    slots = new PortSlots(directory, layout, new PortIndex());
                }
                at = at.plusSeconds(gap(random, step));
            }
        } finally {
            slots.close();
        }
    }

    /** Rates for most series: mostly large and random, sometimes zero or a small whole number. */
    private static PortRateSample sample(Instant at, Random random) {
        Map<RateSeries, Double> rates = new HashMap<>();
        for (RateSeries series : RateSeries.all()) {
            int kind = random.nextInt(12);
            if (kind < 2) {
                continue;
            }
            rates.put(series, switch (kind) {
                case 2 -> 0.0;
                case 3 -> (double) random.nextInt(10);
                case 4 -> 1e30;
                default -> random.nextDouble() * 1e9;
            });
        }
        return new PortRateSample(PORT, at, rates);
    }

    /** Mostly one step, sometimes off the grid, past the heartbeat, or past whole archives. */
    private static long gap(Random random, long step) {
        int kind = random.nextInt(100);
        if (kind < 60) {
            return step;
        }
        if (kind < 85) {
            return 1 + random.nextInt((int) (3 * step));
        }
        if (kind < 97) {
            return step * (2 + random.nextInt(10));
        }
        return step * (20 + random.nextInt(400));
    }
}
