package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PortStripesTest {

    /** A stripe's working copy is guarded by that stripe's lock: two ports share a copy exactly when they share a lock. */
    @Test
    void portsShareAPageCopyExactlyWhenTheyShareALock() {
        PortStripes stripes = new PortStripes();
        Random random = new Random(3);
        PortSeriesKey anchor = key(random);
        int sharing = 0;
        for (int i = 0; i < 10_000; i++) {
            PortSeriesKey other = key(random);
            boolean sameLock = stripes.of(anchor) == stripes.of(other);
            assertThat(stripes.pageCopy(anchor) == stripes.pageCopy(other)).as("%s and %s", anchor, other)
                    .isEqualTo(sameLock);
            sharing += sameLock ? 1 : 0;
        }
        assertThat(sharing).as("some ports share the anchor's stripe, most do not").isBetween(50, 500);
        assertThat(stripes.pageCopy(anchor)).as("one copy per stripe, kept").isSameAs(stripes.pageCopy(anchor));
    }

    private static PortSeriesKey key(Random random) {
        return new PortSeriesKey("0x%016x".formatted(random.nextLong() >>> 1), 1 + random.nextInt(36));
    }
}
